// Banco de México SIE: the FIX USD/MXN exchange rate, series SF43718, in the SIE REST API's JSON shape.
import { notEmpty, strictlyIncreasing, valuesWithin } from "./checks.ts";
import { DECIMAL_TEXT, isRealDate, isRecord, parsePublisherJson } from "./json.ts";
import { baseUrl, FetchError, ParseError, singleFileOutcome, type CheckFailure, type Feed, type FeedSource, type NamedCheck } from "./types.ts";

export const FIX_SERIES = "SF43718";
/** First day of the series: asking from here to today brings the whole history in one answer. */
export const FIX_FIRST_DATE = "1991-11-12";

export interface FxObservation {
  /** YYYY-MM-DD */
  date: string;
  rate: number;
  /** 1-based position in the `datos` array of the publisher's file. */
  row: number;
}

function isoFromBanxico(fecha: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(fecha);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isRealDate(iso) ? iso : null;
}

function seriesDatos(json: unknown, file: string): unknown[] {
  const bmx = isRecord(json) ? json["bmx"] : undefined;
  const series = isRecord(bmx) ? bmx["series"] : undefined;
  if (!Array.isArray(series)) {
    const error = isRecord(json) && isRecord(json["error"]) ? `: ${JSON.stringify(json["error"])}` : "";
    throw new ParseError(file, `falta bmx.series en la respuesta del SIE${error}`);
  }
  const serie = series.find((s) => isRecord(s) && s["idSerie"] === FIX_SERIES);
  if (!isRecord(serie)) throw new ParseError(file, `la respuesta no contiene la serie ${FIX_SERIES}`);
  const datos = serie["datos"];
  // The SIE omits `datos` for a series with no observations in the requested range.
  if (datos === undefined) return [];
  if (!Array.isArray(datos)) throw new ParseError(file, "bmx.series[].datos no es una lista");
  return datos;
}

/** Pure parser of an SIE answer; "N/E" (no existe) observations are skipped. */
export function parseBanxico(text: string, file: string): FxObservation[] {
  const datos = seriesDatos(parsePublisherJson(text, file), file);
  const out: FxObservation[] = [];
  datos.forEach((item, i) => {
    const row = i + 1;
    if (!isRecord(item) || typeof item["fecha"] !== "string" || typeof item["dato"] !== "string") {
      throw new ParseError(file, "se esperaba {fecha, dato} como texto", row);
    }
    const date = isoFromBanxico(item["fecha"]);
    if (date === null) throw new ParseError(file, `fecha inválida "${item["fecha"]}" (se espera DD/MM/AAAA)`, row);
    const dato = item["dato"].trim();
    if (dato === "N/E") return;
    if (!DECIMAL_TEXT.test(dato)) throw new ParseError(file, `dato no numérico "${item["dato"]}"`, row);
    out.push({ date, rate: Number(dato), row });
  });
  return out;
}

const noWeekends: NamedCheck<FxObservation[]> = {
  name: "fix-sin-fines-de-semana",
  run(rows, file) {
    const failures: CheckFailure[] = [];
    for (const r of rows) {
      const day = new Date(`${r.date}T00:00:00Z`).getUTCDay();
      if (day === 0 || day === 6) failures.push({ check: this.name, file, row: r.row, message: `observación en fin de semana (${r.date})` });
    }
    return failures;
  },
};

export const banxico: FeedSource<FxObservation[]> = {
  id: "fix",
  publisher: "Banco de México (SIE)",
  officialUrl: `https://www.banxico.org.mx/SieAPIRest/service/v1/series/${FIX_SERIES}/datos`,
  rawFile: `banxico/${FIX_SERIES}.json`,
  parse: parseBanxico,
  checks: [
    notEmpty("fix-no-vacio"),
    strictlyIncreasing("fix-fechas-crecientes", (r) => r.date),
    // The peso traded between 3 and 26 per dollar since the 1993 redenomination; far outside means a unit error.
    valuesWithin("fix-valor-plausible", (r) => r.rate, 1, 100),
    noWeekends,
  ],
};

/** SIE REST API: the whole series up to today (Mexico City), token in the Bmx-Token header. */
export const banxicoFeed: Feed = {
  id: "banxico",
  publisher: banxico.publisher,
  rawFiles: [banxico.rawFile],
  tokens: [{ env: "BANXICO_TOKEN", what: "el token de consulta del SIE de Banxico" }],
  async fetch(ctx) {
    const token = ctx.env["BANXICO_TOKEN"];
    if (!token) throw new FetchError("falta BANXICO_TOKEN (el token de consulta del SIE de Banxico)");
    const base = baseUrl(ctx.env, "FISCAL_BANXICO_URL", "https://www.banxico.org.mx");
    const url = `${base}/SieAPIRest/service/v1/series/${FIX_SERIES}/datos/${FIX_FIRST_DATE}/${ctx.today}`;
    const download = await ctx.download({
      url, publicUrl: url, kind: "json", headers: { "Bmx-Token": token }, beside: banxico.rawFile, conditionalFor: [banxico.rawFile],
    });
    return singleFileOutcome(download, banxico.rawFile, url);
  },
};
