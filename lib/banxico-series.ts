// The Banxico SIE series, one registry entry each: its source, routes, records, producers, handlers, dumps, status and staleness follow from it.
import type { Static } from "@sinclair/typebox";
import type { Tag } from "./route-types.ts";
import type { allSchemas, SchemaName } from "../core/schemas.ts";
import type { DatedValue } from "../core/series.ts";

/** `banking-day`: an observation per banking day (no weekends or bank holidays); `daily`: every calendar day. */
export type Cadence = "daily" | "banking-day";

/** The API record a schema describes. */
type RecordOf<B extends SchemaName> = Static<(typeof allSchemas)[B]>;

/** What the route table and the MCP tool say of a series, and how its records look. */
interface SeriesApi<B extends SchemaName = SchemaName> {
  /** Path prefix of its routes: `${base}/today`, `${base}/history`, `${base}/{date}`. */
  base: string;
  tag: Tag;
  /** The series' name among the values of the MCP tool serie_banxico. */
  mcpName: string;
  /** The record's schema (one of core/schemas.ts). */
  body: B;
  /** The record's field that holds the value (what the series function searches). */
  valueField: "rate" | "value";
  /** What the history answers are ("observaciones del FIX"). */
  what: string;
  /** A date with an observation, for the documentation. */
  example: string;
  today: string;
  history: string;
  byDate: string;
  /** Description of the today route. */
  latest: string;
}

export interface SieSeriesConfig<B extends SchemaName = SchemaName> {
  /**
   * The dataset's public id: its dump (dumps/<dataset>.json, .csv, .ndjson) and its /status entry. The registry
   * key (SIE_SERIES below) is the internal id: route ids (`${key}Today`…), the Datasets field and the source id.
   */
  dataset: string;
  /** SIE series id; the raw file is banxico/<sie>.json. */
  sie: string;
  /** The SIE's own title of the series; also its /status title. */
  title: string;
  /** Decimals Banxico publishes; every value has exactly this many. */
  decimals: number;
  /** Decides its checks (no weekends, or no missing day) and its staleness rule (build/status.ts). */
  cadence: Cadence;
  unit: string;
  /** On or before the series' first observation: asking from here brings the whole history. */
  firstDate: string;
  /** Values outside this range mean a unit or parsing error. */
  plausible: readonly [number, number];
  /** What one value is called in Spanish messages ("No hay FIX para …"). */
  noun: string;
  /** The latest value in a stale notice ("el último FIX", "la última TIIE a 28 días"). */
  latestNoun: string;
  /** Prefix of the names of the build's checks of the series (`${checks}-decimales`, …). */
  checks: string;
  /** Provenance text of every record. */
  source: string;
  /**
   * Whether the series is published. False while raw/ does not hold its file: then it has no route, record,
   * dump, status entry, schema in openapi.json nor download, and `npm run fetch` does not ask for it.
   */
  served: boolean;
  api: SeriesApi<B>;
  /** The API record of one observation; `source` is the entry's. */
  record: (o: DatedValue, source: string) => RecordOf<B>;
}

/** An entry, its literal types kept (`served`, the schema name) so the layers can be typed from it. */
const entry = <const B extends SchemaName, const S extends SieSeriesConfig<B>>(s: S & SieSeriesConfig<B>): S => s;

/**
 * Every series, in the order of the route table, the dumps, /status and one SIE request. Adding one is adding
 * an entry here (and its schema, if new), its raw file and its tests; every layer follows from the entry.
 */
export const SIE_SERIES = {
  fx: entry({
    dataset: "fx",
    sie: "SF43718",
    title: "Tipo de cambio FIX USD/MXN",
    decimals: 4,
    cadence: "banking-day",
    unit: "pesos por dólar de EUA",
    firstDate: "1991-11-12",
    // The peso traded between 3 and 26 per dollar since the 1993 redenomination; far outside means a unit error.
    plausible: [1, 100],
    noun: "FIX",
    latestNoun: "el último FIX",
    checks: "fix",
    source: "Banco de México, SIE, serie SF43718 (tipo de cambio FIX)",
    served: true,
    api: {
      base: "/fx",
      tag: "Tipo de cambio",
      mcpName: "fix",
      body: "FxRate",
      valueField: "rate",
      what: "observaciones del FIX",
      example: "2020-01-02",
      today: "Último tipo de cambio FIX publicado",
      history: "Historial del FIX, del más antiguo al más reciente",
      byDate: "FIX determinado en una fecha",
      latest: "La observación más reciente de la serie SF43718 del Banco de México: pesos por dólar de EUA con 4 decimales.",
    },
    record: (o, source) => ({ date: o.date, rate: o.value, source }),
  }),
  udi: entry({
    dataset: "udi",
    sie: "SP68257",
    title: "Valor de la UDI",
    decimals: 6,
    cadence: "daily",
    unit: "pesos por UDI",
    firstDate: "1995-04-04",
    // 1.000000 on 1995-04-04 and it only follows inflation since; 100 would take a century of high inflation.
    plausible: [1, 100],
    noun: "valor de la UDI",
    latestNoun: "el último valor de la UDI",
    checks: "udi",
    source: "Banco de México, SIE, serie SP68257 (valor de la UDI)",
    served: true,
    api: {
      base: "/udi",
      tag: "UDI",
      mcpName: "udi",
      body: "UdiValue",
      valueField: "value",
      what: "valores de la UDI",
      example: "2020-09-28",
      today: "Último valor de la UDI publicado",
      history: "Historial de la UDI, del más antiguo al más reciente",
      byDate: "Valor de la UDI en una fecha",
      latest:
        "El valor de la UDI (serie SP68257) del día más reciente publicado; el Banco de México lo publica por adelantado, así que puede ser una fecha futura.",
    },
    record: (o, source) => ({ date: o.date, value: o.value, source }),
  }),
  tiie28: entry({
    dataset: "tiie-28",
    sie: "SF43783",
    title: "TIIE a 28 días",
    decimals: 4,
    cadence: "banking-day",
    unit: "por ciento anual",
    firstDate: "1995-03-23",
    // 90.5 % in March 1995 was the peak; a rate is never negative.
    plausible: [0, 200],
    noun: "TIIE a 28 días",
    latestNoun: "la última TIIE a 28 días",
    checks: "tiie28",
    source: "Banco de México, SIE, serie SF43783 (TIIE a 28 días)",
    served: true,
    api: {
      base: "/tiie/28",
      tag: "TIIE",
      mcpName: "tiie-28",
      body: "TiieRate",
      valueField: "rate",
      what: "observaciones de la TIIE a 28 días",
      example: "2021-01-04",
      today: "Última TIIE a 28 días publicada",
      history: "Historial de la TIIE a 28 días, del más antiguo al más reciente",
      byDate: "TIIE a 28 días de una fecha",
      latest: "La observación más reciente de la serie SF43783 del Banco de México, en por ciento anual con 4 decimales.",
    },
    // The term is part of the record.
    record: (o, source) => ({ date: o.date, rate: o.value, term: 28, source }),
  }),
  // Not served: raw/ does not hold SF331451 yet (README.md, docs/decisions/0322-dataset-registry.md).
  tiieFondeo: entry({
    dataset: "tiie-fondeo",
    sie: "SF331451",
    title: "TIIE de fondeo a un día hábil bancario",
    // A recorded SIE answer shows "4.25", "4.30": two decimals.
    decimals: 2,
    cadence: "banking-day",
    unit: "por ciento anual",
    // Its first observation is not known here; the FIX's first date is before any TIIE.
    firstDate: "1991-11-12",
    plausible: [0, 200],
    noun: "TIIE de fondeo",
    latestNoun: "la última TIIE de fondeo",
    checks: "tiie-fondeo",
    source: "Banco de México, SIE, serie SF331451 (TIIE de fondeo a un día hábil bancario)",
    served: false,
    api: {
      base: "/tiie/fondeo",
      tag: "TIIE",
      mcpName: "tiie-fondeo",
      body: "TiieFondeoRate",
      valueField: "rate",
      what: "observaciones de la TIIE de fondeo",
      example: "2020-09-28",
      today: "Última TIIE de fondeo publicada",
      history: "Historial de la TIIE de fondeo, del más antiguo al más reciente",
      byDate: "TIIE de fondeo de una fecha",
      latest:
        "La observación más reciente de la serie SF331451 del Banco de México (mediana ponderada por volumen de las operaciones a un día hábil bancario), en por ciento anual con 2 decimales.",
    },
    record: (o, source) => ({ date: o.date, rate: o.value, source }),
  }),
} as const;

/** The registry's ids. */
export type SeriesKey = keyof typeof SIE_SERIES;
/** The ids of the series published: the others have no layer but their source. */
export type ServedKey = { [K in SeriesKey]: (typeof SIE_SERIES)[K]["served"] extends true ? K : never }[SeriesKey];

/** Every registry id, in registry order. */
export const SERIES_KEYS = Object.keys(SIE_SERIES) as SeriesKey[];
/** The published series, in registry order. */
export const SERVED_SERIES: readonly ServedKey[] = SERIES_KEYS.filter((k): k is ServedKey => SIE_SERIES[k].served);

/** The API record of an observation of a series. */
export function seriesRecord<K extends SeriesKey>(key: K, o: DatedValue): ReturnType<(typeof SIE_SERIES)[K]["record"]> {
  const s: SieSeriesConfig = SIE_SERIES[key];
  return s.record(o, s.source) as ReturnType<(typeof SIE_SERIES)[K]["record"]>;
}

/** False for the schema of a series not published (it stays out of openapi.json); true for every other schema. */
export const servedSchema = (name: string): boolean => SERIES_KEYS.every((k) => SIE_SERIES[k].api.body !== name || SIE_SERIES[k].served);
