// Shape and sanity checks of the ISR tariffs: contiguous brackets, rising rates, fees that follow from them.
import type { CheckFailure, NamedCheck } from "./types.ts";

export const ISR_PERIODS = ["diaria", "semanal", "decenal", "quincenal", "mensual", "anual"] as const;
type IsrPeriodName = (typeof ISR_PERIODS)[number];

/** [lower limit, upper limit or null for "en adelante", cuota fija, % sobre el excedente] */
export type IsrBracket = [number, number | null, number, number];

export interface IsrPublication {
  years: number[];
  citation: string;
  periods: Record<IsrPeriodName, IsrBracket[]>;
}

const CENT = 0.01;
const close = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol + 1e-9;

type BracketCheck = (b: IsrBracket, prev: IsrBracket | undefined, i: number, all: IsrBracket[]) => string | null;

/** A check of each bracket of every period; `testFor` may pick a different test per period. */
function bracketCheck(name: string, testFor: (period: IsrPeriodName) => BracketCheck): NamedCheck<IsrPublication[]> {
  return {
    name,
    run(pubs, file) {
      const failures: CheckFailure[] = [];
      pubs.forEach((pub, p) => {
        for (const period of ISR_PERIODS) {
          const brackets = pub.periods[period];
          const test = testFor(period);
          brackets.forEach((b, i) => {
            const message = test(b, brackets[i - 1], i, brackets);
            if (message !== null) {
              failures.push({
                check: name,
                file,
                row: i + 1,
                message: `tarifa ${pub.years.join("/")} ${period} (publicación ${p + 1}), renglón ${i + 1}: ${message}`,
              });
            }
          });
        }
      });
      return failures;
    },
  };
}

export const isrChecks: NamedCheck<IsrPublication[]>[] = [
  bracketCheck("isr-renglones-contiguos", () => (b, prev) => {
    if (!prev) return close(b[0], CENT, 0) ? null : `el primer límite inferior debe ser 0.01, es ${b[0]}`;
    return prev[1] !== null && close(b[0], prev[1] + CENT, 0) ? null : `límite inferior ${b[0]} no sigue a ${prev[1]}`;
  }),
  bracketCheck("isr-limites-ordenados", () => (b, _prev, i, all) => {
    const last = i === all.length - 1;
    if (last) return b[1] === null ? null : 'el último renglón debe ser "en adelante"';
    return b[1] !== null && b[1] > b[0] ? null : `límite superior ${b[1]} no mayor que el inferior ${b[0]}`;
  }),
  bracketCheck(
    "isr-tasas-crecientes",
    () => (b, prev) => (b[3] > 0 && b[3] <= 35 && (!prev || b[3] > prev[3]) ? null : `tasa ${b[3]} % no creciente o fuera de (0, 35]`),
  ),
  // Each fixed fee is the previous fee plus the tax of the whole previous bracket. SAT rounds each step to
  // the centavo in the monthly and annual tariffs, so they must agree within five centavos; the other
  // periods are scaled from the monthly tariff (days / 30.4) and published with their own rounding
  // (2026 quincenal: 7.95 where the chain gives 8.00), so they get 1 %.
  bracketCheck("isr-cuotas-consistentes", (period) => {
    const primary = period === "mensual" || period === "anual";
    return (b, prev) => {
      if (!prev) return close(b[2], 0, 0) ? null : `la primera cuota fija debe ser 0, es ${b[2]}`;
      const expected = prev[2] + (b[0] - prev[0]) * (prev[3] / 100);
      const tolerance = primary ? 0.05 : Math.max(0.05, expected * 0.01);
      return close(b[2], expected, tolerance) ? null : `cuota fija ${b[2]} no corresponde a la esperada ${expected.toFixed(2)}`;
    };
  }),
];
