// Minimum integration factor of the salario base de cotización by years of service (LFT Arts. 76, 80, 87 since 2023; LSS Art. 27), transcribed by hand.
import { integrationFactor4, vacationDays } from "../core/money.ts";
import type { CheckFailure, CuratedTable, NamedCheck } from "./types.ts";

export interface IntegrationRow {
  /** First and last year of service of the band (the year the worker is in: 1 from the day of hire). */
  fromYear: number;
  toYear: number;
  /** Vacation days of Art. 76 LFT (reformed DOF 27-12-2022). */
  vacationDays: number;
  /** Minimum vacation premium, percent (Art. 80 LFT). */
  premiumPercent: number;
  /** Minimum aguinaldo days (Art. 87 LFT). */
  aguinaldoDays: number;
  /** (365 + aguinaldo + vacation days × premium) ÷ 365, half up to four decimals. */
  factor: number;
  /** How the factor was checked against other copies. */
  verification: string;
  row: number;
}

const DAYS_SOURCE =
  "LFT art. 76 (reformado DOF 27-12-2022; repo madfam-org/tezca@c00f434a:apps/web/public/viewer_data/lft.json); tabla por antigüedad en pages: factorcapitalhumano.com (2023-03-31) y laotraopinion.com.mx";
const PDFSLIDE = "coincide con la tabla de pdfslide.tips/documents/salario-diario-integrado-563dc7b631b19";
const COMPUTED = "sólo calculado; ninguna tabla leída llega a este número de días";

const band = (fromYear: number, toYear: number, days: number, factor: number, row: number): IntegrationRow => ({
  fromYear,
  toYear,
  vacationDays: days,
  premiumPercent: 25,
  aguinaldoDays: 15,
  factor,
  verification: days <= 26 ? `${PDFSLIDE} (${days} días → ${factor.toFixed(4)})` : COMPUTED,
  row,
});

const integrationRows: IntegrationRow[] = [
  band(1, 1, 12, 1.0493, 2),
  band(2, 2, 14, 1.0507, 3),
  band(3, 3, 16, 1.0521, 4),
  band(4, 4, 18, 1.0534, 5),
  band(5, 5, 20, 1.0548, 6),
  band(6, 10, 22, 1.0562, 7),
  band(11, 15, 24, 1.0575, 8),
  band(16, 20, 26, 1.0589, 9),
  band(21, 25, 28, 1.0603, 10),
  band(26, 30, 30, 1.0616, 11),
  band(31, 35, 32, 1.063, 12),
];

function rowCheck(
  name: string,
  test: (r: IntegrationRow, prev: IntegrationRow | undefined) => string | null,
): NamedCheck<IntegrationRow[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      if (rows.length === 0) failures.push({ check: name, file, message: "tabla vacía" });
      rows.forEach((r, i) => {
        const message = test(r, rows[i - 1]);
        if (message !== null) failures.push({ check: name, file, row: r.row, message: `años ${r.fromYear}–${r.toYear}: ${message}` });
      });
      return failures;
    },
  };
}

const integrationChecks: NamedCheck<IntegrationRow[]>[] = [
  rowCheck("factor-integracion-sbc-anios-contiguos", (r, prev) =>
    r.toYear >= r.fromYear && r.fromYear === (prev === undefined ? 1 : prev.toYear + 1) ? null : "el tramo no sigue al anterior",
  ),
  rowCheck("factor-integracion-sbc-dias-del-art-76", (r) =>
    vacationDays(r.fromYear) === r.vacationDays && vacationDays(r.toYear) === r.vacationDays
      ? null
      : `${r.vacationDays} días no son los del Art. 76 LFT (${vacationDays(r.fromYear)})`,
  ),
  rowCheck("factor-integracion-sbc-minimos-de-ley", (r) =>
    r.aguinaldoDays === 15 && r.premiumPercent === 25 ? null : "aguinaldo o prima distintos de los mínimos (15 días, 25 %)",
  ),
  rowCheck("factor-integracion-sbc-formula", (r) => {
    const f = Number(integrationFactor4(r.aguinaldoDays, r.vacationDays, BigInt(r.premiumPercent * 100))) / 10_000;
    return f === r.factor ? null : `factor ${r.factor} no es (365 + 15 + días × 0.25) ÷ 365 = ${f}`;
  }),
];

export const factorIntegracion: CuratedTable<IntegrationRow[]> = {
  id: "factor-integracion-sbc",
  publisher: "Congreso de la Unión (Ley Federal del Trabajo y Ley del Seguro Social, DOF)",
  citation: `Ley Federal del Trabajo, Arts. 76 (vacaciones, reforma DOF 27-12-2022), 80 (prima vacacional) y 87 (aguinaldo); Ley del Seguro Social, Art. 27 (integración del salario base de cotización). Días: ${DAYS_SOURCE}`,
  officialUrl: "https://www.diputados.gob.mx/LeyesBiblio/pdf/LFT.pdf",
  file: "sources/factor-integracion.ts",
  rows: integrationRows,
  checks: integrationChecks,
};
