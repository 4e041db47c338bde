// The rows of the tables transcribed by hand (UMA, minimum wage, IMSS, subsidio para el empleo): their checks read them too.

export interface UmaRow {
  year: number;
  daily: number;
  monthly: number;
  annual: number;
  /** Date from which the year's values apply (February 1 since 2017; the first UMA, 2016, from January 28). */
  inForceFrom: string;
  /** Position in this table, for check messages. */
  row: number;
}

export interface MinimumWageRow {
  year: number;
  /** General daily minimum wage (resto del país). */
  general: number;
  /** Zona Libre de la Frontera Norte, from 2019; null before it existed. */
  borderZone: number | null;
  inForceFrom: string;
  row: number;
}

/** What a rate is applied to. */
type ContributionBase =
  | "prima-de-riesgo" // riesgo de trabajo: the company's own premium on the SBC
  | "uma" // cuota fija on one UMA per day
  | "sbc-excedente-3-uma" // the part of the SBC above three UMA
  | "sbc";

export interface ContributionRate {
  concept: string;
  /** Percent as printed in the law; null where the law sets no fixed rate (riesgo de trabajo, cesantía employer share by band). */
  employerPercent: number | null;
  workerPercent: number;
  base: ContributionBase;
  legalBasis: string;
  row: number;
}

export interface CesantiaRow {
  year: number;
  /** Employer percent per band, in the order of cesantiaBands. */
  percents: number[];
  row: number;
}

export interface ImssTable {
  rates: ContributionRate[];
  cesantia: CesantiaRow[];
}

export interface SubsidyRow {
  /** First day the rule applies (inclusive). */
  from: string;
  /** Last day the rule applies (inclusive); null while no later decree replaces it. */
  to: string | null;
  /** Percentage of the monthly UMA, as the decree prints it (15.02 = 15.02 %). */
  percent: number;
  /** The monthly UMA the percentage applies to: in January the previous year's, as the transitional articles say. */
  umaMonthly: number;
  /** Monthly subsidy: percent × umaMonthly, rounded to the centavo (the checks derive it again). */
  monthlyAmount: number;
  /** Monthly income from salaries above which there is no subsidy. */
  incomeCeiling: number;
  instrument: string;
  /** Public copies of the instrument that were read. */
  sources: string;
  /** Position in this table, for check messages. */
  row: number;
}
