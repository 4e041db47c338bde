// The publisher's settings of each Banxico SIE series: its id, title, decimals, cadence and the bounds its raw file is checked against.
/** `banking-day`: an observation per banking day (no weekends or bank holidays); `daily`: every calendar day. */
type Cadence = "daily" | "banking-day";

/** What Banco de México publishes of a series and what its raw file must satisfy. */
export interface SieSettings {
  /** SIE series id; the raw file is banxico/<sie>.json. */
  sie: string;
  /** The SIE's own title of the series; also its /status title. */
  title: string;
  /** The short name the data goes by where its file name is the publisher's code (the nightly commit's subject). */
  label: string;
  /** Decimals Banxico publishes; every value has exactly this many. */
  decimals: number;
  /** Decides its checks (no weekends, or no missing day) and its staleness rule (build/status.ts). */
  cadence: Cadence;
  unit: string;
  /** On or before the series' first observation: asking from here brings the whole history. */
  firstDate: string;
  /** Values outside this range mean a unit or parsing error. */
  plausible: readonly [number, number];
  /** Provenance text of every record. */
  source: string;
  /**
   * Whether the series is published. False while raw/ does not hold its file: then it has no route, record,
   * dump, status entry, schema in openapi.json nor download, and `npm run fetch` does not ask for it.
   */
  served: boolean;
}

/** A series' settings, their literal types kept (`served`) so the layers above can be typed from them. */
const series = <const S extends SieSettings>(s: S): S => s;

/**
 * Every series, in the order of the route table, the dumps, /status and one SIE request. The key is the series'
 * one id (its dump, /status entry, checks' prefix, route prefix and MCP value; decision new-one-dataset-id);
 * lib/datasets/series.ts gives each key its API (routes, record) and must name every one.
 */
export const SIE_SETTINGS = {
  fx: series({
    sie: "SF43718",
    label: "FIX",
    title: "Tipo de cambio FIX USD/MXN",
    decimals: 4,
    cadence: "banking-day",
    unit: "pesos por dólar de EUA",
    firstDate: "1991-11-12",
    // The peso traded between 3 and 26 per dollar since the 1993 redenomination; far outside means a unit error.
    plausible: [1, 100],
    source: "Banco de México, SIE, serie SF43718 (tipo de cambio FIX)",
    served: true,
  }),
  udi: series({
    sie: "SP68257",
    label: "UDI",
    title: "Valor de la UDI",
    decimals: 6,
    cadence: "daily",
    unit: "pesos por UDI",
    firstDate: "1995-04-04",
    // 1.000000 on 1995-04-04 and it only follows inflation since; 100 would take a century of high inflation.
    plausible: [1, 100],
    source: "Banco de México, SIE, serie SP68257 (valor de la UDI)",
    served: true,
  }),
  "tiie-28": series({
    sie: "SF43783",
    label: "TIIE 28",
    title: "TIIE a 28 días",
    decimals: 4,
    cadence: "banking-day",
    unit: "por ciento anual",
    firstDate: "1995-03-23",
    // 90.5 % in March 1995 was the peak; a rate is never negative.
    plausible: [0, 200],
    source: "Banco de México, SIE, serie SF43783 (TIIE a 28 días)",
    served: true,
  }),
  "tiie-fondeo": series({
    sie: "SF331451",
    label: "TIIE de fondeo",
    title: "TIIE de fondeo a un día hábil bancario",
    // A recorded SIE answer shows "4.25", "4.30": two decimals.
    decimals: 2,
    cadence: "banking-day",
    unit: "por ciento anual",
    // The SIE's fechaInicio of the series (raw/README.md).
    firstDate: "2006-01-02",
    // 2.98 (2014–2015) … 11.45 (2023) so far; a rate is never negative.
    plausible: [0, 200],
    source: "Banco de México, SIE, serie SF331451 (TIIE de fondeo a un día hábil bancario)",
    served: true,
  }),
} as const;

/** The series' ids. */
export type SeriesKey = keyof typeof SIE_SETTINGS;
/** The ids of the series published: the others have no layer but their source. */
export type ServedKey = { [K in SeriesKey]: (typeof SIE_SETTINGS)[K]["served"] extends true ? K : never }[SeriesKey];

/** Every series id, in order. */
export const SERIES_KEYS = Object.keys(SIE_SETTINGS) as SeriesKey[];
/** The published series, in order. */
export const SERVED_SERIES: readonly ServedKey[] = SERIES_KEYS.filter((k): k is ServedKey => SIE_SETTINGS[k].served);
