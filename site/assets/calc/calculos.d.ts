// Types of calculos.js, the calculations the calculator pages and the API's /calculos routes share.
import type { IsrResult, TariffRowLike } from "./money.js";

export class MissingDataError extends Error {}

export interface InpcLike {
  period: string;
  value: number;
}

export interface UmaLike {
  uma: number;
  salarioMinimo: number;
}

export type ContributionBase = "prima-de-riesgo" | "uma" | "sbc-excedente-3-uma" | "sbc";

/** The IMSS and INFONAVIT rates as the calculator page embeds them (lib/imss-table.ts builds it). */
export interface ImssRateTable {
  rates: { concept: string; employer: number | null; worker: number; base: ContributionBase; legal: string }[];
  cesantia: Record<string, number[]>;
  before2023: number;
  bands: readonly string[];
}

export interface ImssRow {
  concept: string;
  base: ContributionBase;
  legal: string;
  baseCentavos: bigint;
  workerPercent5: bigint;
  employerPercent5: bigint;
  byBand: boolean;
  worker: bigint;
  employer: bigint;
}

export interface ImssResult {
  sbc: bigint;
  adjusted: "salario-minimo" | "tope-25-uma" | null;
  uma: bigint;
  minimum: bigint;
  band: number;
  bandLabel: string;
  excess: bigint;
  rows: ImssRow[];
  totals: { worker: bigint; employer: bigint };
  minimumWageRule: boolean;
}

export function fxConversion(amountCentavos: bigint, toPesos: boolean, rate: number): { rate4: bigint; result: bigint };
export function udiConversion(amount: bigint, toPesos: boolean, value: number): { value6: bigint; result: bigint };
export function monthBefore(period: string): string;
export function factorPeriods(from: string, to: string): { late: string; early: string };
export function factorCalculation(
  lateRecord: InpcLike,
  earlyRecord: InpcLike,
  amountCentavos: bigint | null,
): { factor: bigint; quotient8: bigint; belowOne: boolean; updated: bigint | null };
export function isrCalculation(rows: readonly TariffRowLike[], incomeCentavos: bigint): IsrResult | null;
export function aguinaldoCalculation(
  dailyCentavos: bigint,
  days: number,
  daysWorked: number,
  umaRecord: UmaLike,
): { amount: bigint; cap: bigint; daysDue1000: bigint; exempt: bigint; taxed: bigint };
export function vacationPremiumCalculation(
  dailyCentavos: bigint,
  years: number,
  percent2: bigint,
  umaRecord: UmaLike,
): { days: number; wages: bigint; premium: bigint; cap: bigint; exempt: bigint; taxed: bigint };
export function imssCalculation(
  typedSbcCentavos: bigint,
  days: number,
  riskPercent5: bigint,
  year: number,
  umaRecord: UmaLike,
  table: ImssRateTable,
): ImssResult;

export type SubsidyPeriod = "diaria" | "semanal" | "decenal" | "quincenal" | "mensual";

export interface SubsidyRuleLike {
  vigenteDesde: string;
  vigenteHasta: string | null;
  montoMensual: number;
  topeIngresoMensual: number;
}

export interface ResicoRowLike {
  limiteSuperior: number;
  tasa: number;
}

export const SUBSIDY_PERIOD_DAYS10: Record<SubsidyPeriod, bigint>;
export function subsidyRuleLastDay(rule: Pick<SubsidyRuleLike, "vigenteDesde" | "vigenteHasta">): string;
export function subsidyRuleOn<R extends SubsidyRuleLike>(rules: readonly R[], date: string): R | null;
export function subsidyCalculation(
  rule: SubsidyRuleLike,
  period: SubsidyPeriod,
  incomeCentavos: bigint,
): { days10: bigint; monthly: bigint; ceiling: bigint; eligible: boolean; amount: bigint };
export function withheldAfterSubsidy(isrCentavos: bigint, subsidyCentavos: bigint): bigint;
export function resicoCalculation(rows: readonly ResicoRowLike[], incomeCentavos: bigint): { index: number; percent2: bigint; tax: bigint } | null;
