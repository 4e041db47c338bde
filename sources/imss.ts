// IMSS and INFONAVIT contribution rates (Ley del Seguro Social, Ley del INFONAVIT), transcribed by hand.
import type { CesantiaRow, ContributionRate, ImssTable } from "./table-rows.ts";
import { imssChecks } from "./yearly-checks.ts";
import type { YearlyTable } from "./types.ts";

/** Where the row shapes live, for the readers of this table (lib/datasets/records.ts). */
export type { ImssTable } from "./table-rows.ts";

export const contributionRates: ContributionRate[] = [
  { concept: "Riesgo de trabajo", employerPercent: null, workerPercent: 0, base: "prima-de-riesgo", legalBasis: "LSS Arts. 71-74", row: 1 },
  {
    concept: "Enfermedades y maternidad, cuota fija",
    employerPercent: 20.4,
    workerPercent: 0,
    base: "uma",
    legalBasis: "LSS Art. 106 fr. I",
    row: 2,
  },
  {
    concept: "Enfermedades y maternidad, excedente de 3 UMA",
    employerPercent: 1.1,
    workerPercent: 0.4,
    base: "sbc-excedente-3-uma",
    legalBasis: "LSS Art. 106 fr. II",
    row: 3,
  },
  { concept: "Gastos médicos de pensionados", employerPercent: 1.05, workerPercent: 0.375, base: "sbc", legalBasis: "LSS Art. 25", row: 4 },
  { concept: "Prestaciones en dinero", employerPercent: 0.7, workerPercent: 0.25, base: "sbc", legalBasis: "LSS Art. 107", row: 5 },
  { concept: "Invalidez y vida", employerPercent: 1.75, workerPercent: 0.625, base: "sbc", legalBasis: "LSS Art. 147", row: 6 },
  { concept: "Retiro", employerPercent: 2.0, workerPercent: 0, base: "sbc", legalBasis: "LSS Art. 168 fr. I", row: 7 },
  {
    concept: "Cesantía en edad avanzada y vejez",
    employerPercent: null,
    workerPercent: 1.125,
    base: "sbc",
    legalBasis: "LSS Art. 168 fr. II",
    row: 8,
  },
  {
    concept: "Guarderías y prestaciones sociales",
    employerPercent: 1.0,
    workerPercent: 0,
    base: "sbc",
    legalBasis: "LSS Art. 211",
    row: 9,
  },
  { concept: "INFONAVIT", employerPercent: 5.0, workerPercent: 0, base: "sbc", legalBasis: "Ley del INFONAVIT Art. 29 fr. II", row: 10 },
];

/** SBC bands of the employer's cesantía y vejez share, lowest first (upper bound in UMA, or SM for the first). */
export const cesantiaBands = [
  "1.00 SM",
  "1.01 SM a 1.50 UMA",
  "1.51 a 2.00 UMA",
  "2.01 a 2.50 UMA",
  "2.51 a 3.00 UMA",
  "3.01 a 3.50 UMA",
  "3.51 a 4.00 UMA",
  "4.01 UMA en adelante",
] as const;

/** Before the 2020 reform took effect (2023) the employer share was 3.150 % in every band. */
export const CESANTIA_BEFORE_2023 = 3.15;

export const cesantiaEmployerRows: CesantiaRow[] = [
  { year: 2023, percents: [3.15, 3.281, 3.575, 3.751, 3.869, 3.953, 4.016, 4.241], row: 1 },
  { year: 2024, percents: [3.15, 3.413, 4.0, 4.353, 4.588, 4.756, 4.882, 5.331], row: 2 },
  { year: 2025, percents: [3.15, 3.544, 4.426, 4.954, 5.307, 5.559, 5.747, 6.422], row: 3 },
  { year: 2026, percents: [3.15, 3.676, 4.851, 5.556, 6.026, 6.361, 6.613, 7.513], row: 4 },
  { year: 2027, percents: [3.15, 3.807, 5.276, 6.157, 6.745, 7.164, 7.479, 8.603], row: 5 },
  { year: 2028, percents: [3.15, 3.939, 5.701, 6.759, 7.464, 7.967, 8.345, 9.694], row: 6 },
  { year: 2029, percents: [3.15, 4.07, 6.126, 7.36, 8.183, 8.77, 9.211, 10.784], row: 7 },
  { year: 2030, percents: [3.15, 4.202, 6.552, 7.962, 8.902, 9.573, 10.077, 11.875], row: 8 },
];

export const imss: YearlyTable<ImssTable> = {
  id: "imss",
  publisher: "IMSS e INFONAVIT",
  citation:
    "Ley del Seguro Social (Arts. 25, 71-74, 106, 107, 147, 168, 211) y su reforma publicada en el DOF el 16-12-2020 (artículo transitorio con la tabla de cuotas patronales de cesantía y vejez 2023-2030); Ley del INFONAVIT, Art. 29",
  officialUrl: "https://www.imss.gob.mx/patrones/cuotas-obrero-patronales",
  file: "sources/imss.ts",
  rows: { rates: contributionRates, cesantia: cesantiaEmployerRows },
  checks: imssChecks,
  // Yearly by the employer's cesantía y vejez table; the other rates are in the law.
  yearly: {
    title: "Cuotas IMSS e INFONAVIT (cesantía y vejez patronal por año)",
    due: "01-01",
    what: "la tabla de cesantía y vejez",
    years: (t) => t.cesantia.map((r) => r.year),
  },
};

/** Employer cesantía y vejez percent for the band over 4 UMA in a year (3.150 before the reform applied). */
export function topBandCesantiaPercent(year: number): number | undefined {
  if (year < 2023) return CESANTIA_BEFORE_2023;
  return cesantiaEmployerRows.find((r) => r.year === year)?.percents.at(-1);
}
