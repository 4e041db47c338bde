// RESICO personas físicas (Arts. 113-E monthly and 113-F annual LISR): the rate on the whole income of the period, transcribed by hand.
import type { CheckFailure, NamedCheck } from "./types.ts";
import type { CuratedTable } from "./types.ts";

const RESICO_PERIODS = ["mensual", "anual"] as const;
type ResicoPeriod = (typeof RESICO_PERIODS)[number];

export interface ResicoRow {
  period: ResicoPeriod;
  /** Income of the period up to which (inclusive) the rate applies; the previous row's limit + 0.01 starts it. */
  upperLimit: number;
  /** Percent as the law prints it (1.10 = 1.10 %). */
  percent: number;
  legal: string;
  row: number;
}

/** The reform that created the regime: in force since 2022-01-01, unchanged since. */
const REFORM = "DOF 12/11/2021, vigente desde 2022-01-01";

const rows = (period: ResicoPeriod, article: string, first: number, limits: [number, number][]): ResicoRow[] =>
  limits.map(([upperLimit, percent], i) => ({ period, upperLimit, percent, legal: `Art. ${article} LISR (${REFORM})`, row: first + i }));

const resicoRows: ResicoRow[] = [
  ...rows("mensual", "113-E", 1, [
    [25000.0, 1.0],
    [50000.0, 1.1],
    [83333.33, 1.5],
    [208333.33, 2.0],
    [3500000.0, 2.5],
  ]),
  ...rows("anual", "113-F", 6, [
    [300000.0, 1.0],
    [600000.0, 1.1],
    [1000000.0, 1.5],
    [2500000.0, 2.0],
    [3500000.0, 2.5],
  ]),
];

/** The regime's ceiling: 3,500,000.00 of income in the year (Art. 113-E, first paragraph), the last row of both tables. */
export const RESICO_CEILING = 3500000.0;

function periodCheck(
  name: string,
  test: (r: ResicoRow, prev: ResicoRow | undefined, last: boolean) => string | null,
): NamedCheck<ResicoRow[]> {
  return {
    name,
    run(all, file) {
      const failures: CheckFailure[] = [];
      for (const period of RESICO_PERIODS) {
        const mine = all.filter((r) => r.period === period);
        if (mine.length === 0) failures.push({ check: name, file, message: `sin renglones ${period}` });
        mine.forEach((r, i) => {
          const message = test(r, mine[i - 1], i === mine.length - 1);
          if (message !== null) failures.push({ check: name, file, row: r.row, message: `${period}, renglón ${i + 1}: ${message}` });
        });
      }
      return failures;
    },
  };
}

const annualOf = (all: ResicoRow[], r: ResicoRow): ResicoRow | undefined => {
  const monthly = all.filter((x) => x.period === "mensual");
  return all.filter((x) => x.period === "anual")[monthly.indexOf(r)];
};

const resicoChecks: NamedCheck<ResicoRow[]>[] = [
  periodCheck("resico-limites-y-tasas-crecientes", (r, prev) =>
    prev === undefined || (r.upperLimit > prev.upperLimit && r.percent > prev.percent)
      ? null
      : "límite o tasa no mayor que los del renglón anterior",
  ),
  periodCheck("resico-ultimo-limite-es-el-tope", (r, _prev, last) =>
    !last || r.upperLimit === RESICO_CEILING ? null : `el último límite debe ser ${RESICO_CEILING}, es ${r.upperLimit}`,
  ),
  {
    // Below the ceiling the annual table is the monthly one × 12 (to 12 centavos: the monthly limits are rounded), with the same rates.
    name: "resico-anual-corresponde-a-mensual",
    run(all, file) {
      return all
        .filter((r) => r.period === "mensual" && r.upperLimit !== RESICO_CEILING)
        .flatMap((r) => {
          const annual = annualOf(all, r);
          const ok = annual !== undefined && annual.percent === r.percent && Math.abs(annual.upperLimit - r.upperLimit * 12) <= 0.12 + 1e-9;
          return ok
            ? []
            : [{ check: this.name, file, row: r.row, message: `el renglón anual no corresponde a ${r.upperLimit} × 12 al ${r.percent} %` }];
        });
    },
  },
];

export const resico: CuratedTable<ResicoRow[]> = {
  id: "resico",
  publisher: "Congreso de la Unión (Ley del ISR, DOF)",
  citation: `Ley del Impuesto sobre la Renta, Arts. 113-E (tabla mensual) y 113-F (tabla anual), reforma publicada en el ${REFORM}`,
  officialUrl: "https://www.diputados.gob.mx/LeyesBiblio/pdf/LISR.pdf",
  file: "sources/resico.ts",
  rows: resicoRows,
  checks: resicoChecks,
};
