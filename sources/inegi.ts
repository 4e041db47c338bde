// INEGI Indicators API: the INPC (índice general, base 2a quincena de julio 2018 = 100), indicator 628194.
import { hasRecords, valuesWithin } from "./checks.ts";
import { isValidPeriod, nextPeriod } from "../core/dates.ts";
import { DECIMAL_TEXT, isRecord, parsePublisherJson } from "./json.ts";
import {
  baseUrl,
  FetchError,
  ParseError,
  singleFileOutcome,
  type CheckFailure,
  type Feed,
  type FeedSource,
  type NamedCheck,
} from "./types.ts";

const INPC_INDICATOR = "628194";

export interface InpcObservation {
  /** YYYY-MM */
  period: string;
  value: number;
  /** 1-based position in the OBSERVATIONS array of the publisher's file (newest first there). */
  row: number;
}

/** INEGI pads values ("145.46199999999999000000"); 12 decimals is the most it ever prints. */
function indexValue(text: string): number {
  return Number(Number(text).toFixed(12));
}

function observations(json: unknown, file: string): unknown[] {
  const series = isRecord(json) ? json["Series"] : undefined;
  if (!Array.isArray(series) || series.length === 0) {
    const msg = isRecord(json) && typeof json["ErrorInfo"] === "string" ? `: ${json["ErrorInfo"]}` : "";
    throw new ParseError(file, `falta Series en la respuesta de INEGI${msg}`);
  }
  const serie = series.find((s) => isRecord(s) && s["INDICADOR"] === INPC_INDICATOR);
  if (!isRecord(serie)) throw new ParseError(file, `la respuesta no contiene el indicador ${INPC_INDICATOR}`);
  const obs = serie["OBSERVATIONS"];
  if (!Array.isArray(obs)) throw new ParseError(file, "Series[].OBSERVATIONS no es una lista");
  return obs;
}

/** Pure parser; returns the observations oldest first whatever the order of the file. */
export function parseInegi(text: string, file: string): InpcObservation[] {
  const out: InpcObservation[] = [];
  observations(parsePublisherJson(text, file), file).forEach((item, i) => {
    const row = i + 1;
    if (!isRecord(item) || typeof item["TIME_PERIOD"] !== "string") throw new ParseError(file, "falta TIME_PERIOD", row);
    const period = item["TIME_PERIOD"].replace("/", "-");
    if (!item["TIME_PERIOD"].includes("/") || !isValidPeriod(period)) {
      throw new ParseError(file, `periodo inválido "${item["TIME_PERIOD"]}" (se espera AAAA/MM)`, row);
    }
    const raw = item["OBS_VALUE"];
    if (typeof raw !== "string" || !DECIMAL_TEXT.test(raw.trim())) {
      throw new ParseError(file, `OBS_VALUE no numérico ${JSON.stringify(raw)}`, row);
    }
    out.push({ period, value: indexValue(raw.trim()), row });
  });
  return out.sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : 0));
}

const contiguousMonths: NamedCheck<InpcObservation[]> = {
  name: "inpc-meses-contiguos",
  run(rows, file) {
    const failures: CheckFailure[] = [];
    for (let i = 1; i < rows.length; i++) {
      const expected = nextPeriod(rows[i - 1]!.period);
      const cur = rows[i]!;
      if (cur.period !== expected) {
        const what = cur.period === rows[i - 1]!.period ? `periodo duplicado ${cur.period}` : `falta ${expected} antes de ${cur.period}`;
        failures.push({ check: this.name, file, row: cur.row, message: what });
      }
    }
    return failures;
  },
};

export const inegi: FeedSource<InpcObservation[]> = {
  id: "inpc",
  publisher: "INEGI (API de Indicadores)",
  officialUrl: `https://www.inegi.org.mx/app/api/indicadores/desarrolladores/jsonxml/INDICATOR/${INPC_INDICATOR}/es/00/false/BIE/2.0/`,
  rawFile: `inegi/inpc-${INPC_INDICATOR}.json`,
  label: "INPC",
  parse: parseInegi,
  checks: [
    hasRecords("inpc-no-vacio"),
    contiguousMonths,
    // Base 2018 = 100: the series runs from about 45 (2000) upward; below 1 or above 1000 is a unit error.
    valuesWithin("inpc-valor-plausible", (r) => r.value, 1, 1000),
  ],
};

/** Indicators API: the token is a path segment, so the URL recorded and shown leaves it out. */
export const inegiFeed: Feed = {
  id: "inegi",
  publisher: inegi.publisher,
  rawFiles: [inegi.rawFile],
  tokens: [{ env: "INEGI_TOKEN", what: "el token de la API de Indicadores de INEGI" }],
  async fetch(ctx) {
    const token = ctx.env["INEGI_TOKEN"];
    if (!token) throw new FetchError("falta INEGI_TOKEN (el token de la API de Indicadores de INEGI)");
    const base = baseUrl(ctx.env, "FISCAL_INEGI_URL", "https://www.inegi.org.mx");
    const path = `/app/api/indicadores/desarrolladores/jsonxml/INDICATOR/${INPC_INDICATOR}/es/00/false/BIE/2.0/`;
    const publicUrl = `${base}${path}?type=json`;
    const download = await ctx.download({
      url: `${base}${path}${encodeURIComponent(token)}?type=json`,
      publicUrl,
      kind: "json",
      beside: inegi.rawFile,
      conditionalFor: [inegi.rawFile],
    });
    return singleFileOutcome(download, inegi.rawFile, publicUrl);
  },
};
