// Types of money.js, the calculators' exact arithmetic, for the TypeScript tests that import it.

export interface TariffRowLike {
  lowerLimit: number;
  upperLimit: number | null;
  fixedQuota: number;
  marginalRate: number;
}

export interface IsrResult {
  index: number;
  lower: bigint;
  upper: bigint | null;
  excess: bigint;
  rateMicro: bigint;
  marginal: bigint;
  fixed: bigint;
  isr: bigint;
}

export function parseDecimal(text: string, decimals: number): bigint | null;
export function parseWhole(text: string): number | null;
export function formatTrimmed(value: bigint, decimals: number): string;
export function decimalOf(value: number): { digits: bigint; scale: number };
export function scaled(value: number, decimals: number): bigint;
export function divHalfUp(n: bigint, d: bigint): bigint;
export function mulDivHalfUp(a: bigint, b: bigint, d: bigint): bigint;
export function formatScaled(value: bigint, decimals: number): string;
export function formatPesos(centavos: bigint): string;
export function formatRateMicro(micro: bigint): string;
export function isrWithholding(rows: readonly TariffRowLike[], incomeCentavos: bigint): IsrResult | null;
export function updateFactor(latestIndex: number, earliestIndex: number): { factor: bigint; quotient8: bigint; belowOne: boolean };
export function applyFactor(centavos: bigint, factor4: bigint): bigint;
export function aguinaldo(dailyCentavos: bigint, days: number, daysWorked: number): bigint;
export function exemptSplit(total: bigint, cap: bigint): { exempt: bigint; taxed: bigint };
export function vacationDays(years: number): number;
export function cesantiaBand(sbcCentavos: bigint, umaCentavos: bigint, minimumWageCentavos: bigint): number;
export function percentOf(baseCentavos: bigint, days: number, percent5: bigint): bigint;
