// Exact decimal texts for the invoice arithmetic: scaled BigInts, half-up rounding, and Anexo 20's lower (truncated) and upper (rounded up) bounds.

/** A non-negative decimal: `n / 10^d`. */
export interface Dec {
  n: bigint;
  d: number;
}

/** SAT's t_Importe: up to 18 integer digits and 6 decimals, no sign or exponent. */
const IMPORTE = /^(\d{1,18})(?:\.(\d{1,6}))?$/;

/** The decimal a text spells, or null when it is not a t_Importe. */
export function parseDec(text: string | undefined): Dec | null {
  if (text === undefined) return null;
  const m = IMPORTE.exec(text);
  if (m === null) return null;
  const frac = m[2] ?? "";
  return { n: BigInt(`${m[1] as string}${frac}`), d: frac.length };
}

/** 10^d for the few exponents the bounds use (up to 6 + 2·12 + 6), computed once: BigInt powers are dear per call. */
const POWERS: readonly bigint[] = Array.from({ length: 48 }, (_, d) => 10n ** BigInt(d));
const pow = (d: number): bigint => POWERS[d] ?? 10n ** BigInt(d);

/** `a` written with `d` decimals (d ≥ a.d). */
const rescale = (a: Dec, d: number): bigint => a.n * pow(d - a.d);

export const ZERO: Dec = { n: 0n, d: 0 };

export function add(a: Dec, b: Dec): Dec {
  const d = Math.max(a.d, b.d);
  return { n: rescale(a, d) + rescale(b, d), d };
}

export function sub(a: Dec, b: Dec): Dec {
  const d = Math.max(a.d, b.d);
  return { n: rescale(a, d) - rescale(b, d), d };
}

export function cmp(a: Dec, b: Dec): number {
  const d = Math.max(a.d, b.d);
  const x = rescale(a, d);
  const y = rescale(b, d);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const sum = (values: readonly Dec[]): Dec => values.reduce(add, ZERO);

/** `num / den` (den > 0) with `d` decimals, by `mode`: truncated (floor for non-negatives), rounded half up, or rounded up. */
function fraction(num: bigint, den: bigint, d: number, mode: "trunc" | "half-up" | "ceil"): Dec {
  const scaled = num * pow(d);
  let q = scaled / den;
  const r = scaled - q * den;
  if (r < 0n) q -= 1n; // floor for a negative remainder
  const rest = r < 0n ? r + den : r;
  if (mode === "ceil" && rest > 0n) q += 1n;
  if (mode === "half-up" && rest * 2n >= den) q += 1n;
  return { n: q, d };
}

/** `a` rounded half up to `d` decimals (Anexo 20's "redondeo"). */
export const round = (a: Dec, d: number): Dec => (a.d <= d ? a : fraction(a.n, pow(a.d), d, "half-up"));

/** The bounds of a product of two amounts each known to ±half its last digit (Anexo 20, Importe of a Concepto; Importe of a tax line with an exact rate). */
export interface Bounds {
  lower: Dec;
  upper: Dec;
}

/**
 * Anexo 20's bounds for `x × y` where x and y are given with their decimals (`yExact`: y carries no
 * half-digit of doubt, as TasaOCuota): lower = (x − 10^−dx/2)(y − 10^−dy/2) truncated, upper =
 * (x + 10^−dx/2 − 10^−12)(y + 10^−dy/2 − 10^−12) rounded up, both to `d` decimals.
 */
export function productBounds(x: Dec, y: Dec, d: number, yExact = false): Bounds {
  // Everything over 2·10^12 per factor, so the half digits and the 10^-12 are integers.
  const S = 12;
  const lo = (a: Dec): bigint => (2n * a.n - 1n) * pow(S - a.d);
  const hi = (a: Dec): bigint => (2n * a.n + 1n) * pow(S - a.d) - 2n;
  const exact = (a: Dec): bigint => 2n * a.n * pow(S - a.d);
  const den = 4n * pow(2 * S);
  const xl = x.n === 0n ? 0n : lo(x);
  const yl = yExact ? exact(y) : y.n === 0n ? 0n : lo(y);
  const yh = yExact ? exact(y) : hi(y);
  return { lower: fraction(xl * yl, den, d, "trunc"), upper: fraction(hi(x) * yh, den, d, "ceil") };
}

/** A decimal as text with its decimals. */
export function text(a: Dec): string {
  const negative = a.n < 0n;
  const digits = (negative ? -a.n : a.n).toString().padStart(a.d + 1, "0");
  const body = a.d === 0 ? digits : `${digits.slice(0, -a.d)}.${digits.slice(-a.d)}`;
  return negative ? `-${body}` : body;
}
