// "Never worse than yesterday": a new raw file must parse, pass its checks and keep what the previous one had.
import { createHash } from "node:crypto";
import { DEFINITIONS, type DatasetDefinition } from "../lib/datasets/definitions.ts";
import type { SieObservation } from "../sources/banxico.ts";
import type { InpcObservation } from "../sources/inegi.ts";
import type { CatalogEntry, TasaOCuotaRule } from "../sources/sat.ts";
import { NOMINA_VERSION_FILE, SAT_VERSION_FILE } from "../sources/sat-fetch.ts";
import { ruleKey } from "../sources/sat-tasa.ts";
import { ParseError, runChecks, type FeedSource } from "../sources/types.ts";

/** A catalog may lose this share of its codes without an explicit --accept-removals. */
const MAX_CATALOG_LOSS = 0.02;

/** What is compared across snapshots: dated values of a series, or the codes of a catalog. */
/** `catalog`: keyed rows (codes, or composite keys joined by "/"); `rules`: unkeyed rows compared as wholes (c_TasaOCuota). */
type View =
  | { kind: "series"; points: Map<string, number> }
  | { kind: "catalog" | "rules"; codes: Set<string> }
  | { kind: "text"; lines: number };

interface Analysis {
  view: View;
  /** Parse and check failures, each one line of Spanish. */
  failures: string[];
}

type Analyzer = (text: string, file: string) => Analysis;

function analyzer<T>(source: FeedSource<T>, view: (records: T) => View): Analyzer {
  return (text, file) => {
    try {
      const records = source.parse(text, file);
      const failures = runChecks(records, file, source.checks).map(
        (f) => `[${f.check}]${f.row === undefined ? "" : ` fila ${f.row}:`} ${f.message}`,
      );
      return { view: view(records), failures };
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      return { view: { kind: "text", lines: 0 }, failures: [`formato: ${err.detail}${err.row === undefined ? "" : ` (fila ${err.row})`}`] };
    }
  };
}

/**
 * What is compared of a dataset's raw file, by its definition's kind: a series' values by date, a monthly feed's by
 * period (the INPC), a keyed sheet's codes, and c_TasaOCuota's rules as wholes; a table kept in the repository has none.
 */
function viewOf(d: DatasetDefinition): ((records: unknown) => View) | null {
  if (d.rawFile === null) return null;
  if (d.kind === "series") return (rows) => ({ kind: "series", points: new Map((rows as SieObservation[]).map((r) => [r.date, r.value])) });
  if (d.kind === "table")
    return (rows) => ({ kind: "series", points: new Map((rows as InpcObservation[]).map((r) => [r.period, r.value])) });
  if (d.catalog !== null) return (rows) => ({ kind: "catalog", codes: new Set((rows as CatalogEntry[]).map((r) => r.key)) });
  return (rules) => ({ kind: "rules", codes: new Set((rules as TasaOCuotaRule[]).map(ruleKey)) });
}

const ANALYZERS = new Map<string, Analyzer>([
  ...DEFINITIONS.flatMap((d): [string, Analyzer][] => {
    const view = viewOf(d);
    return view === null || d.rawFile === null ? [] : [[d.rawFile, analyzer(d.source as FeedSource<unknown>, view)]];
  }),
  ...[SAT_VERSION_FILE, NOMINA_VERSION_FILE].map((file): [string, Analyzer] => [
    file,
    (text) => {
      const lines = text.split("\n").filter((l) => l.trim() !== "").length;
      return { view: { kind: "text", lines }, failures: lines === 0 ? ["version.txt está vacío"] : [] };
    },
  ]),
]);

export interface FileSummary {
  sha256: string;
  bytes: number;
  rows: number;
  /** First and last date or period of a series; lowest and highest code of a catalog. */
  first: string | null;
  last: string | null;
}

export interface GuardVerdict {
  summary: FileSummary;
  /** Reasons to keep the previous file (Spanish); empty when the new one may replace it. */
  problems: string[];
  /** Accepted or harmless differences worth printing. */
  notes: string[];
}

export interface Acceptance {
  removals: boolean;
  changes: boolean;
}

const sample = (items: string[], n = 5): string =>
  items.slice(0, n).join(", ") + (items.length > n ? `, … (${items.length} en total)` : "");

function summaryOf(view: View, bytes: Buffer): FileSummary {
  const base = { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.length };
  if (view.kind === "text") return { ...base, rows: view.lines, first: null, last: null };
  // Rules have no key worth showing as a range.
  if (view.kind === "rules") return { ...base, rows: view.codes.size, first: null, last: null };
  const keys = [...(view.kind === "series" ? view.points.keys() : view.codes)].sort();
  return { ...base, rows: keys.length, first: keys[0] ?? null, last: keys.at(-1) ?? null };
}

function compareSeries(prev: Map<string, number>, next: Map<string, number>, accept: Acceptance, verdict: GuardVerdict): void {
  const latest = (m: Map<string, number>): string => [...m.keys()].reduce((a, b) => (b > a ? b : a), "");
  const [was, now] = [latest(prev), latest(next)];
  if (now < was) {
    const text = `la última fecha retrocede: ${was} en la copia anterior, ${now || "ninguna"} en la descarga`;
    (accept.removals ? verdict.notes : verdict.problems).push(accept.removals ? `aceptado: ${text}` : text);
  }
  const missing = [...prev.keys()].filter((k) => !next.has(k));
  if (missing.length > 0) {
    const text = `${missing.length} observaciones de la copia anterior desaparecen (${sample(missing)})`;
    (accept.removals ? verdict.notes : verdict.problems).push(accept.removals ? `aceptado: ${text}` : text);
  }
  const changed = [...prev].filter(([k, v]) => next.has(k) && next.get(k) !== v).map(([k, v]) => `${k}: ${v} → ${next.get(k)}`);
  if (changed.length > 0) {
    const text = `${changed.length} observaciones cambian de valor (${sample(changed)})`;
    (accept.changes ? verdict.notes : verdict.problems).push(accept.changes ? `aceptado: ${text}` : text);
  }
}

function compareCatalog(prev: Set<string>, next: Set<string>, accept: Acceptance, verdict: GuardVerdict): void {
  const removed = [...prev].filter((c) => !next.has(c)).sort();
  if (removed.length === 0) return;
  const share = removed.length / prev.size;
  const text = `pierde ${removed.length} de ${prev.size} claves (${(share * 100).toFixed(1)} %): ${sample(removed)}`;
  if (share <= MAX_CATALOG_LOSS) verdict.notes.push(text);
  else if (accept.removals) verdict.notes.push(`aceptado: ${text}`);
  else verdict.problems.push(`${text}; más del ${MAX_CATALOG_LOSS * 100} % permitido (si la baja es real, repite con --accept-removals)`);
}

/** Judges a new raw file against its source's parser and checks and against the previous copy (if any). */
export function judgeRawFile(rawFile: string, bytes: Buffer, previous: Buffer | null, accept: Acceptance): GuardVerdict {
  const analyze = ANALYZERS.get(rawFile);
  if (analyze === undefined) throw new Error(`no guard for raw file ${rawFile}`);
  const fresh = analyze(bytes.toString("utf8"), rawFile);
  const verdict: GuardVerdict = { summary: summaryOf(fresh.view, bytes), problems: [...fresh.failures], notes: [] };
  if (previous === null || verdict.problems.length > 0) return verdict;
  const old = analyze(previous.toString("utf8"), rawFile);
  // A previous copy that no longer parses cannot be made worse; say so and let the new one in.
  if (old.failures.length > 0) {
    verdict.notes.push("la copia anterior no pasaba sus comprobaciones; no se compara con ella");
    return verdict;
  }
  if (fresh.view.kind === "series" && old.view.kind === "series") compareSeries(old.view.points, fresh.view.points, accept, verdict);
  if ((fresh.view.kind === "catalog" || fresh.view.kind === "rules") && old.view.kind === fresh.view.kind)
    compareCatalog(old.view.codes, fresh.view.codes, accept, verdict);
  return verdict;
}
