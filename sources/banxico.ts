// Banco de México SIE: the series of sources/sie-series.ts, one parser and one download for all the published ones.
import { readFile, writeFile } from "node:fs/promises";
import { hasRecords, strictlyIncreasing, valuesWithin } from "./checks.ts";
import { DECIMAL_TEXT, isRecord, parsePublisherJson } from "./json.ts";
import { SERIES_KEYS, SERVED_SERIES, SIE_SETTINGS, type SeriesKey, type ServedKey, type SieSettings } from "./sie-series.ts";
import { addDays, fromDayMonthYear, isWeekend } from "../core/dates.ts";
import {
  baseUrl,
  FetchError,
  ParseError,
  type CheckFailure,
  type Feed,
  type FeedSource,
  type FetchContext,
  type FetchOutcome,
  type NamedCheck,
} from "./types.ts";

export interface SieObservation {
  /** YYYY-MM-DD */
  date: string;
  value: number;
  /** Decimals as the publisher wrote them. */
  decimals: number;
  /** 1-based position in the `datos` array of the publisher's file. */
  row: number;
}

/** The `bmx.series` array of an SIE answer, or a ParseError quoting the SIE's own error object. */
function sieSeriesList(json: unknown, file: string): unknown[] {
  const bmx = isRecord(json) ? json["bmx"] : undefined;
  const series = isRecord(bmx) ? bmx["series"] : undefined;
  if (!Array.isArray(series)) {
    const error = isRecord(json) && isRecord(json["error"]) ? `: ${JSON.stringify(json["error"])}` : "";
    throw new ParseError(file, `falta bmx.series en la respuesta del SIE${error}`);
  }
  return series;
}

function seriesDatos(json: unknown, file: string, id: string): unknown[] {
  const serie = sieSeriesList(json, file).find((s) => isRecord(s) && s["idSerie"] === id);
  if (!isRecord(serie)) throw new ParseError(file, `la respuesta no contiene la serie ${id}`);
  const datos = serie["datos"];
  // The SIE omits `datos` for a series with no observations in the requested range.
  if (datos === undefined) return [];
  if (!Array.isArray(datos)) throw new ParseError(file, "bmx.series[].datos no es una lista");
  return datos;
}

/** Pure parser of one series of an SIE answer; "N/E" (no existe) observations are skipped. */
export function parseSie(text: string, file: string, id: string): SieObservation[] {
  const datos = seriesDatos(parsePublisherJson(text, file), file, id);
  const out: SieObservation[] = [];
  datos.forEach((item, i) => {
    const row = i + 1;
    if (!isRecord(item) || typeof item["fecha"] !== "string" || typeof item["dato"] !== "string") {
      throw new ParseError(file, "se esperaba {fecha, dato} como texto", row);
    }
    const date = fromDayMonthYear(item["fecha"]);
    if (date === null) throw new ParseError(file, `fecha inválida "${item["fecha"]}" (se espera DD/MM/AAAA)`, row);
    const dato = item["dato"].trim();
    if (dato === "N/E") return;
    if (!DECIMAL_TEXT.test(dato)) throw new ParseError(file, `dato no numérico "${item["dato"]}"`, row);
    out.push({ date, value: Number(dato), decimals: dato.split(".")[1]?.length ?? 0, row });
  });
  return out;
}

/** The FIX series of an SIE answer (kept for the callers that only read the FIX). */
export const parseBanxico = (text: string, file: string): SieObservation[] => parseSie(text, file, SIE_SETTINGS.fx.sie);

function failuresOf(
  name: string,
  rows: SieObservation[],
  file: string,
  problem: (r: SieObservation, i: number) => string | null,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  rows.forEach((r, i) => {
    const message = problem(r, i);
    if (message !== null) failures.push({ check: name, file, row: r.row, message });
  });
  return failures;
}

/** The checks of a cadence: no weekend observation (banking days), or no missing calendar day (daily). */
function cadenceCheck(id: string, s: SieSettings): NamedCheck<SieObservation[]> {
  if (s.cadence === "banking-day") {
    const name = `${id}-sin-fines-de-semana`;
    return {
      name,
      run: (rows, file) => failuresOf(name, rows, file, (r) => (isWeekend(r.date) ? `observación en fin de semana (${r.date})` : null)),
    };
  }
  const name = `${id}-dias-continuos`;
  return {
    name,
    run: (rows, file) =>
      failuresOf(name, rows, file, (r, i) => {
        const prev = rows[i - 1];
        return prev !== undefined && r.date > prev.date && addDays(prev.date, 1) !== r.date
          ? `faltan días entre ${prev.date} y ${r.date}`
          : null;
      }),
  };
}

/** Every value has exactly the decimals Banxico publishes for the series (a shorter one was rounded or cut). */
function decimalsCheck(id: string, s: SieSettings): NamedCheck<SieObservation[]> {
  const name = `${id}-decimales`;
  return {
    name,
    run: (rows, file) =>
      failuresOf(name, rows, file, (r) =>
        r.decimals === s.decimals ? null : `${r.decimals} decimales en ${r.date}; la serie publica ${s.decimals}`,
      ),
  };
}

/** The feed source of one SIE series: its raw file, the shared parser and the series' named checks, named by its id. */
function sieSource(id: SeriesKey, s: SieSettings): FeedSource<SieObservation[]> {
  return {
    id: id,
    publisher: "Banco de México (SIE)",
    officialUrl: `https://www.banxico.org.mx/SieAPIRest/service/v1/series/${s.sie}/datos`,
    rawFile: `banxico/${s.sie}.json`,
    label: s.label,
    parse: (text, file) => parseSie(text, file, s.sie),
    checks: [
      hasRecords(`${id}-no-vacio`),
      strictlyIncreasing(`${id}-fechas-crecientes`, (r) => r.date),
      valuesWithin(`${id}-valor-plausible`, (r) => r.value, s.plausible[0], s.plausible[1]),
      decimalsCheck(id, s),
      cadenceCheck(id, s),
    ],
  };
}

/** The source of every series of the registry, published or not (an unpublished one is read by its tests only). */
export const SIE_SOURCES = Object.fromEntries(SERIES_KEYS.map((k) => [k, sieSource(k, SIE_SETTINGS[k])])) as {
  readonly [K in SeriesKey]: FeedSource<SieObservation[]>;
};
/** The sources of the published series, in registry order: what the build reads and the fetch downloads. */
export const sieSources: readonly FeedSource<SieObservation[]>[] = SERVED_SERIES.map((k) => SIE_SOURCES[k]);
const servedConfigs: readonly SieSettings[] = SERVED_SERIES.map((k: ServedKey) => SIE_SETTINGS[k]);

/** One series of a combined answer as its own file, in the SIE's shape (what the SIE returns when asked for it alone). */
function splitAnswer(text: string, file: string): Map<string, string> {
  const list = sieSeriesList(parsePublisherJson(text, file), file);
  const out = new Map<string, string>();
  for (const s of servedConfigs) {
    const serie = list.find((x) => isRecord(x) && x["idSerie"] === s.sie);
    if (serie === undefined) throw new ParseError(file, `la respuesta no contiene la serie ${s.sie}`);
    out.set(s.sie, `${JSON.stringify({ bmx: { series: [serie] } })}\n`);
  }
  return out;
}

/** SIE REST API: every published series up to today (Mexico City) in one request, token in the Bmx-Token header. */
export const banxicoFeed: Feed = {
  id: "banxico",
  publisher: SIE_SOURCES.fx.publisher,
  rawFiles: sieSources.map((s) => s.rawFile),
  tokens: [{ env: "BANXICO_TOKEN", what: "el token de consulta del SIE de Banxico" }],
  async fetch(ctx: FetchContext): Promise<FetchOutcome> {
    const token = ctx.env["BANXICO_TOKEN"];
    if (!token) throw new FetchError("falta BANXICO_TOKEN (el token de consulta del SIE de Banxico)");
    const base = baseUrl(ctx.env, "FISCAL_BANXICO_URL", "https://www.banxico.org.mx");
    const ids = servedConfigs.map((s) => s.sie).join(",");
    const first = servedConfigs.map((s) => s.firstDate).sort()[0]!;
    const url = `${base}/SieAPIRest/service/v1/series/${ids}/datos/${first}/${ctx.today}`;
    const rawFiles = sieSources.map((s) => s.rawFile);
    const download = await ctx.download({
      url,
      publicUrl: url,
      kind: "json",
      headers: { "Bmx-Token": token },
      beside: SIE_SOURCES.fx.rawFile,
      conditionalFor: rawFiles,
    });
    if (download.status === "unchanged") return { status: "unchanged", publicUrl: url };
    const parts = splitAnswer(await readFile(download.path, "utf8"), `respuesta del SIE (${ids})`);
    const files = await Promise.all(
      sieSources.map(async (source, i) => {
        const tempPath = ctx.tempPath(source.rawFile);
        await writeFile(tempPath, parts.get(servedConfigs[i]!.sie)!);
        return { rawFile: source.rawFile, tempPath, publicUrl: url, etag: download.etag, lastModified: download.lastModified };
      }),
    );
    return { status: "fetched", files };
  },
};
