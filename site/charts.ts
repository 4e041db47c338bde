// Line charts drawn at build time as inline SVG: no script, no image request, styled by site.css.
import { esc } from "./html.ts";

export interface ChartPoint {
  /** Position on the horizontal axis (days or months from the first point). */
  x: number;
  y: number;
}

export interface ChartMark {
  point: ChartPoint;
  /** Short label drawn beside the point. */
  label: string;
  /** Where the label goes relative to the point. */
  place: "above" | "below";
}

export interface LineChartOptions {
  id: string;
  title: string;
  description: string;
  points: ChartPoint[];
  /** Vertical axis labels. */
  yFormat: (y: number) => string;
  xTicks: { x: number; label: string }[];
  marks: ChartMark[];
  /** Whether the vertical axis starts at zero (rates) rather than near the lowest value (prices). */
  fromZero?: boolean;
}

const W = 640;
const H = 280;
const PAD = { left: 52, right: 20, top: 24, bottom: 30 };

/** A step of 1, 2, 2.5 or 5 × 10^k that splits the span into about `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

/** Approximate extent of a label (12 px text), to keep labels from covering each other. */
interface Box { x0: number; x1: number; y0: number; y1: number }
const CHAR_W = 6.6;

function labelBox(text: string, x: number, baseline: number, anchor: string): Box {
  const w = text.length * CHAR_W;
  const x0 = anchor === "end" ? x - w : anchor === "start" ? x : x - w / 2;
  return { x0, x1: x0 + w, y0: baseline - 12, y1: baseline + 3 };
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Baseline of a mark's label: its preferred side, else the other, else further out, whichever covers no earlier label. */
function labelY(m: ChartMark, px: number, py: number, anchor: string, placed: Box[]): number {
  const above = py - 9;
  const below = py + 17;
  const first = m.place === "above" ? above : below;
  const second = m.place === "above" ? below : above;
  const step = m.place === "above" ? -14 : 14;
  const candidates = [first, second, first + step, first + 2 * step, second - step, second - 2 * step]
    .filter((y) => y - 12 >= 0 && y + 3 <= H);
  const fits = (y: number): boolean => !placed.some((b) => overlaps(b, labelBox(m.label, px, y, anchor)));
  const y = candidates.find(fits) ?? first;
  placed.push(labelBox(m.label, px, y, anchor));
  return y;
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

export function lineChart(o: LineChartOptions): string {
  if (o.points.length < 2) throw new Error(`chart ${o.id} needs at least two points`);
  const xs = o.points.map((p) => p.x);
  const ys = o.points.map((p) => p.y);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const step = niceStep(hi - (o.fromZero ? Math.min(0, lo) : lo) || 1, 4);
  const yMin = o.fromZero ? Math.min(0, Math.floor(lo / step) * step) : Math.floor(lo / step) * step;
  const top = Math.ceil(hi / step) * step;
  const yMax = top > yMin ? top : yMin + step;
  const sx = (x: number): number => PAD.left + ((x - xMin) / (xMax - xMin)) * (W - PAD.left - PAD.right);
  const sy = (y: number): number => H - PAD.bottom - ((y - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);

  const grid: string[] = [];
  for (let y = yMin; y <= yMax + step / 1000; y += step) {
    const py = r1(sy(y));
    grid.push(`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${py}" y2="${py}"/>`);
    grid.push(`<text class="tick" x="${PAD.left - 6}" y="${py}" dy="0.32em" text-anchor="end">${esc(o.yFormat(y))}</text>`);
  }
  const ticks = o.xTicks.map((t) => {
    const px = r1(sx(t.x));
    return `<line class="axis" x1="${px}" x2="${px}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom + 4}"/>` +
      `<text class="tick" x="${px}" y="${H - PAD.bottom + 16}" text-anchor="middle">${esc(t.label)}</text>`;
  });
  const path = o.points.map((p, i) => `${i === 0 ? "M" : "L"}${r1(sx(p.x))} ${r1(sy(p.y))}`).join("");
  const placed: Box[] = [];
  const marks = o.marks.map((m) => {
    const px = sx(m.point.x);
    const py = sy(m.point.y);
    // Labels near an edge grow inwards so they stay inside the drawing.
    const anchor = px > W - 120 ? "end" : px < PAD.left + 60 ? "start" : "middle";
    const ty = labelY(m, px, py, anchor, placed);
    return `<circle class="mark" cx="${r1(px)}" cy="${r1(py)}" r="4"/>` +
      `<text class="mark-label" x="${r1(px)}" y="${r1(ty)}" text-anchor="${anchor}">${esc(m.label)}</text>`;
  });
  return (
    `<svg class="chart" id="${esc(o.id)}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${esc(o.id)}-t ${esc(o.id)}-d">` +
    `<title id="${esc(o.id)}-t">${esc(o.title)}</title><desc id="${esc(o.id)}-d">${esc(o.description)}</desc>` +
    grid.join("") +
    `<line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}"/>` +
    ticks.join("") +
    `<path class="line" d="${path}"/>` +
    marks.join("") +
    `</svg>`
  );
}
