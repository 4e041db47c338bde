// The Banxico SIE series the API publishes, one entry each: id, title, decimals, cadence, unit, record shape.

/** `banking-day`: an observation per banking day (no weekends or bank holidays); `daily`: every calendar day. */
type Cadence = "daily" | "banking-day";

export interface SieSeriesConfig {
  /** Short key used in code, dumps and status ids. */
  key: "fix" | "udi" | "tiie28";
  /** SIE series id. */
  id: string;
  /** The SIE's own title of the series. */
  title: string;
  /** Decimals Banxico publishes; every value has exactly this many. */
  decimals: number;
  cadence: Cadence;
  unit: string;
  /** First observation of the series: asking from here brings the whole history. */
  firstDate: string;
  /** Values outside this range mean a unit or parsing error. */
  plausible: readonly [number, number];
  /** What one value is called in Spanish messages ("No hay FIX para …"). */
  noun: string;
  /** Provenance text of every record. */
  source: string;
}

export const FIX: SieSeriesConfig = {
  key: "fix",
  id: "SF43718",
  title: "Tipo de cambio FIX USD/MXN",
  decimals: 4,
  cadence: "banking-day",
  unit: "pesos por dólar de EUA",
  firstDate: "1991-11-12",
  // The peso traded between 3 and 26 per dollar since the 1993 redenomination; far outside means a unit error.
  plausible: [1, 100],
  noun: "FIX",
  source: "Banco de México, SIE, serie SF43718 (tipo de cambio FIX)",
};

export const UDI: SieSeriesConfig = {
  key: "udi",
  id: "SP68257",
  title: "Valor de la UDI",
  decimals: 6,
  cadence: "daily",
  unit: "pesos por UDI",
  firstDate: "1995-04-04",
  // 1.000000 on 1995-04-04 and it only follows inflation since; 100 would take a century of high inflation.
  plausible: [1, 100],
  noun: "valor de la UDI",
  source: "Banco de México, SIE, serie SP68257 (valor de la UDI)",
};

export const TIIE28: SieSeriesConfig = {
  key: "tiie28",
  id: "SF43783",
  title: "TIIE a 28 días",
  decimals: 4,
  cadence: "banking-day",
  unit: "por ciento anual",
  firstDate: "1995-03-23",
  // 90.5 % in March 1995 was the peak; a rate is never negative.
  plausible: [0, 200],
  noun: "TIIE a 28 días",
  source: "Banco de México, SIE, serie SF43783 (TIIE a 28 días)",
};

/** Every series, in the order of one SIE request for all of them. */
export const SIE_SERIES: readonly SieSeriesConfig[] = [FIX, UDI, TIIE28];
