// The landing page's charts: the FIX and the TIIE 28 of their last 365 days and the annual INPC inflation of the last 120 months.
import type { FxRate, TiieRate } from "../core/schemas.ts";
import { daysBetween } from "../core/dates.ts";
import { responsiveChart, type ChartMark, type ChartPoint } from "./charts.ts";
import { fmtDate, fmtNumber, fmtPercent, fmtPeriod, fmtShortPeriod, NBSP } from "./format.ts";
import type { InflationPoint } from "./headline.ts";
import { esc } from "./html.ts";

const dayNumber = (iso: string): number => daysBetween("1970-01-01", iso);

/** Index of the lowest and highest value (the latest one when tied, as the most recent is the most useful). */
function extremes(values: number[]): { min: number; max: number } {
  let min = 0;
  let max = 0;
  values.forEach((v, i) => {
    if (v <= values[min]!) min = i;
    if (v >= values[max]!) max = i;
  });
  return { min, max };
}

/** Min, max and latest marks; a point that is two of them gets one label naming both. */
function marks(points: ChartPoint[], text: (i: number) => string): ChartMark[] {
  const { min, max } = extremes(points.map((p) => p.y));
  const last = points.length - 1;
  const names = new Map<number, string[]>();
  const add = (i: number, name: string): void => void names.set(i, [...(names.get(i) ?? []), name]);
  add(max, "máx.");
  add(min, "mín.");
  add(last, "último");
  const mid = (points[max]!.y + points[min]!.y) / 2;
  return [...names].map(([i, n]) => ({
    point: points[i]!,
    label: `${n.reverse().join(" y ")} ${text(i)}`,
    place: i === min || (i !== max && points[i]!.y < mid) ? "below" : "above",
  }));
}

/** What differs between the charts of a daily series over its last 365 days. */
interface DailyChart {
  /** Prefix of the element ids: grafica-<key>, <key>-min, <key>-max, <key>-last. */
  key: string;
  /** Names the series in sentences ("FIX", "TIIE a 28 días"). */
  name: string;
  /** Unit after a value in the caption ("pesos por dólar", "% anual"). */
  unit: string;
  title: string;
  decimals: number;
  /** Decimals of the y-axis labels. */
  axisDecimals: number;
}

/** A daily series over the window it is given (the last 365 days), with its minimum, maximum and latest labelled. */
function dailyChart(c: DailyChart, history: { date: string; value: number }[]): string {
  if (history.length < 2) return `<p>No hay suficientes observaciones de ${esc(c.name)} para dibujar la gráfica.</p>`;
  const start = dayNumber(history[0]!.date);
  const points = history.map((o) => ({ x: dayNumber(o.date) - start, y: o.value }));
  const { min, max } = extremes(points.map((p) => p.y));
  const first = history[0]!;
  const last = history.at(-1)!;
  const lo = history[min]!;
  const hi = history[max]!;
  const num = (v: number): string => fmtNumber(v, c.decimals);
  // A tick on the first day of every other month inside the window.
  const xTicks: { x: number; label: string }[] = [];
  const [fy, fm] = first.date.split("-").map(Number) as [number, number];
  for (let k = 1; ; k += 2) {
    const y = fy + Math.floor((fm - 1 + k) / 12);
    const m = ((fm - 1 + k) % 12) + 1;
    const period = `${y}-${String(m).padStart(2, "0")}`;
    const x = dayNumber(`${period}-01`) - start;
    if (x > points.at(-1)!.x) break;
    xTicks.push({ x, label: fmtShortPeriod(period) });
  }
  const svg = responsiveChart({
    id: `grafica-${c.key}`,
    title: c.title,
    description:
      `Del ${fmtDate(first.date)} al ${fmtDate(last.date)}: mínimo ${num(lo.value)} el ${fmtDate(lo.date)}, ` +
      `máximo ${num(hi.value)} el ${fmtDate(hi.date)} y último ${num(last.value)} el ${fmtDate(last.date)}.`,
    points,
    yFormat: (y) => fmtNumber(y, c.axisDecimals),
    xTicks,
    marks: marks(points, (i) => num(history[i]!.value)),
  });
  return (
    `<figure class="chart-figure">${svg}<figcaption>` +
    `<p>${esc(c.name)} en ${esc(c.unit)}, del ${esc(fmtDate(first.date))} al ${esc(fmtDate(last.date))} (${history.length} días hábiles con publicación).</p>` +
    `<dl class="chart-facts"><div><dt>Mínimo</dt><dd id="${c.key}-min">${num(lo.value)} <span>(${esc(fmtDate(lo.date))})</span></dd></div>` +
    `<div><dt>Máximo</dt><dd id="${c.key}-max">${num(hi.value)} <span>(${esc(fmtDate(hi.date))})</span></dd></div>` +
    `<div><dt>Último</dt><dd id="${c.key}-last">${num(last.value)} <span>(${esc(fmtDate(last.date))})</span></dd></div></dl>` +
    `</figcaption></figure>`
  );
}

export function fxChart(history: FxRate[]): string {
  const chart = {
    key: "fix",
    name: "FIX",
    unit: "pesos por dólar",
    title: "Tipo de cambio FIX, pesos por dólar, últimos 365 días",
    decimals: 4,
    axisDecimals: 2,
  };
  return dailyChart(
    chart,
    history.map((o) => ({ date: o.date, value: o.rate })),
  );
}

/** The TIIE a 28 días of the 365 days ending on its latest date: exactly /tiie/28/history?days=365. */
export function tiieChart(history: TiieRate[]): string {
  const chart = {
    key: "tiie",
    name: "TIIE a 28 días",
    unit: "por ciento anual",
    title: "TIIE a 28 días, por ciento anual, últimos 365 días",
    decimals: 4,
    axisDecimals: 2,
  };
  return dailyChart(
    chart,
    history.map((o) => ({ date: o.date, value: o.rate })),
  );
}

export function inflationChart(series: InflationPoint[]): string {
  if (series.length < 2) return `<p>No hay suficientes meses del INPC para dibujar la gráfica.</p>`;
  const points = series.map((p, i) => ({ x: i, y: p.rate * 100 }));
  const { min, max } = extremes(points.map((p) => p.y));
  const xTicks = series.flatMap((p, i) => (p.period.endsWith("-01") ? [{ x: i, label: p.period.slice(0, 4) }] : []));
  const first = series[0]!;
  const last = series.at(-1)!;
  const pct = (p: InflationPoint): string => fmtPercent(p.rate);
  const svg = responsiveChart({
    id: "grafica-inflacion",
    title: `Inflación anual según el INPC, ${series.length} meses`,
    description:
      `De ${fmtPeriod(first.period)} a ${fmtPeriod(last.period)}: mínima ${pct(series[min]!)} en ${fmtPeriod(series[min]!.period)}, ` +
      `máxima ${pct(series[max]!)} en ${fmtPeriod(series[max]!.period)} y última ${pct(last)} en ${fmtPeriod(last.period)}.`,
    points,
    yFormat: (y) => `${fmtNumber(y, 0)}${NBSP}%`,
    xTicks,
    marks: marks(points, (i) => pct(series[i]!)),
    fromZero: true,
  });
  return (
    `<figure class="chart-figure">${svg}<figcaption>` +
    `<p>Cada punto compara el INPC de un mes con el del mismo mes del año anterior, de ${esc(fmtPeriod(first.period))} a ${esc(fmtPeriod(last.period))} ` +
    `(los últimos ${series.length} meses publicados).</p>` +
    `<dl class="chart-facts"><div><dt>Mínima</dt><dd>${pct(series[min]!)} <span>(${esc(fmtPeriod(series[min]!.period))})</span></dd></div>` +
    `<div><dt>Máxima</dt><dd>${pct(series[max]!)} <span>(${esc(fmtPeriod(series[max]!.period))})</span></dd></div>` +
    `<div><dt>Última</dt><dd>${pct(last)} <span>(${esc(fmtPeriod(last.period))})</span></dd></div></dl>` +
    `</figcaption></figure>`
  );
}
