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
  /** Drawing size in SVG units; text is 12 units tall, so a phone-sized drawing keeps it at about 12 CSS px. */
  size?: { width: number; height: number };
  /** Extra class on the svg element (which drawing the stylesheet shows at which width). */
  className?: string;
}

/** The desktop drawing; a phone gets a narrower one (PHONE_SIZE) whose 12-unit text is not shrunk below 11 px. */
const WIDE_SIZE = { width: 640, height: 280 };
const PHONE_SIZE = { width: 340, height: 260 };
const PAD = { left: 52, right: 20, top: 24, bottom: 30 };

/** A step of 1, 2, 2.5 or 5 × 10^k that splits the span into about `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

/** Approximate extent of a label (12-unit text, bold digits at most 7.2 wide), to keep labels off each other and off the line. */
interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const CHAR_W = 7.2;

function labelBox(text: string, x: number, baseline: number, anchor: string): Box {
  const w = text.length * CHAR_W;
  const x0 = anchor === "end" ? x - w : anchor === "start" ? x : x - w / 2;
  return { x0, x1: x0 + w, y0: baseline - 12, y1: baseline + 3 };
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Whether the segment from a to b passes through the box (Liang–Barsky clipping). */
function segmentHits(a: [number, number], b: [number, number], box: Box): boolean {
  const [x0, y0] = a;
  const dx = b[0] - x0;
  const dy = b[1] - y0;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, x0 - box.x0],
    [dx, box.x1 - x0],
    [-dy, y0 - box.y0],
    [dy, box.y1 - y0],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

const crossesLine = (box: Box, line: [number, number][]): boolean => line.some((p, i) => i > 0 && segmentHits(line[i - 1]!, p, box));

/**
 * Baseline of a mark's label: the nearest position on its preferred side, then on the other, that covers
 * neither an earlier label nor the line itself, so a label never sits on the data.
 */
function labelY(m: ChartMark, px: number, py: number, anchor: string, placed: Box[], line: [number, number][], h: number): number {
  const first = m.place === "above" ? py - 9 : py + 17;
  const second = m.place === "above" ? py + 17 : py - 9;
  const step = m.place === "above" ? -7 : 7;
  const candidates: number[] = [];
  for (let k = 0; k < 40; k++) candidates.push(first + k * step, second - k * step);
  const inside = candidates.filter((y) => y - 12 >= 0 && y + 3 <= h);
  const fits = (y: number): boolean => {
    const box = labelBox(m.label, px, y, anchor);
    return !placed.some((b) => overlaps(b, box)) && !crossesLine(box, line);
  };
  const y = inside.find(fits) ?? inside.find((c) => !crossesLine(labelBox(m.label, px, c, anchor), line)) ?? first;
  placed.push(labelBox(m.label, px, y, anchor));
  return y;
}

const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

function lineChart(o: LineChartOptions): string {
  if (o.points.length < 2) throw new Error(`chart ${o.id} needs at least two points`);
  const { width: W, height: H } = o.size ?? WIDE_SIZE;
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
  // Tick labels that would touch the one before are left out (a narrow drawing shows fewer months).
  let lastEnd = -Infinity;
  const shownTicks = o.xTicks.filter((t) => {
    const half = (t.label.length * CHAR_W) / 2;
    if (sx(t.x) - half < lastEnd + 8 || sx(t.x) + half > W) return false;
    lastEnd = sx(t.x) + half;
    return true;
  });
  const ticks = shownTicks.map((t) => {
    const px = r1(sx(t.x));
    return (
      `<line class="axis" x1="${px}" x2="${px}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom + 4}"/>` +
      `<text class="tick" x="${px}" y="${H - PAD.bottom + 16}" text-anchor="middle">${esc(t.label)}</text>`
    );
  });
  const path = o.points.map((p, i) => `${i === 0 ? "M" : "L"}${r1(sx(p.x))} ${r1(sy(p.y))}`).join("");
  const placed: Box[] = [];
  const line = o.points.map((p): [number, number] => [sx(p.x), sy(p.y)]);
  const marks = o.marks.map((m) => {
    const px = sx(m.point.x);
    const py = sy(m.point.y);
    // Labels near an edge grow inwards so they stay inside the drawing.
    const anchor = px > W - 120 ? "end" : px < PAD.left + 60 ? "start" : "middle";
    const ty = labelY(m, px, py, anchor, placed, line, H);
    return (
      `<circle class="mark" cx="${r1(px)}" cy="${r1(py)}" r="4"/>` +
      `<text class="mark-label" x="${r1(px)}" y="${r1(ty)}" text-anchor="${anchor}">${esc(m.label)}</text>`
    );
  });
  return (
    `<svg class="chart${o.className ? ` ${esc(o.className)}` : ""}" id="${esc(o.id)}" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${esc(o.id)}-t ${esc(o.id)}-d">` +
    `<title id="${esc(o.id)}-t">${esc(o.title)}</title><desc id="${esc(o.id)}-d">${esc(o.description)}</desc>` +
    grid.join("") +
    `<line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${H - PAD.bottom}" y2="${H - PAD.bottom}"/>` +
    ticks.join("") +
    `<path class="line" d="${path}"/>` +
    marks.join("") +
    `</svg>`
  );
}

/** The chart drawn twice, for a wide screen and for a phone; the stylesheet shows one of them (the other is display: none, out of the accessibility tree too). */
export const responsiveChart = (o: LineChartOptions): string =>
  lineChart({ ...o, size: WIDE_SIZE, className: "chart-wide" }) +
  lineChart({ ...o, id: `${o.id}-telefono`, size: PHONE_SIZE, className: "chart-phone" });
