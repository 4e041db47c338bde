// UMA (Unidad de Medida y Actualización) as published by INEGI each January in the DOF, transcribed by hand.
import type { UmaRow } from "./table-rows.ts";
import { umaChecks } from "./yearly-checks.ts";
import type { YearlyTable } from "./types.ts";

/** Where the row shapes live, for the readers of this table (lib/datasets/records.ts). */
export type { UmaRow } from "./table-rows.ts";

const umaRows: UmaRow[] = [
  { year: 2016, daily: 73.04, monthly: 2220.42, annual: 26645.04, inForceFrom: "2016-01-28", row: 1 },
  { year: 2017, daily: 75.49, monthly: 2294.9, annual: 27538.8, inForceFrom: "2017-02-01", row: 2 },
  { year: 2018, daily: 80.6, monthly: 2450.24, annual: 29402.88, inForceFrom: "2018-02-01", row: 3 },
  { year: 2019, daily: 84.49, monthly: 2568.5, annual: 30822.0, inForceFrom: "2019-02-01", row: 4 },
  { year: 2020, daily: 86.88, monthly: 2641.15, annual: 31693.8, inForceFrom: "2020-02-01", row: 5 },
  { year: 2021, daily: 89.62, monthly: 2724.45, annual: 32693.4, inForceFrom: "2021-02-01", row: 6 },
  { year: 2022, daily: 96.22, monthly: 2925.09, annual: 35101.08, inForceFrom: "2022-02-01", row: 7 },
  { year: 2023, daily: 103.74, monthly: 3153.7, annual: 37844.4, inForceFrom: "2023-02-01", row: 8 },
  { year: 2024, daily: 108.57, monthly: 3300.53, annual: 39606.36, inForceFrom: "2024-02-01", row: 9 },
  { year: 2025, daily: 113.14, monthly: 3439.46, annual: 41273.52, inForceFrom: "2025-02-01", row: 10 },
  { year: 2026, daily: 117.31, monthly: 3566.22, annual: 42794.64, inForceFrom: "2026-02-01", row: 11 },
];

export const uma: YearlyTable<UmaRow[]> = {
  id: "uma",
  publisher: "INEGI",
  citation:
    "Valores de la UMA publicados por el INEGI en el DOF cada enero (Ley para Determinar el Valor de la Unidad de Medida y Actualización, Arts. 4 y 5); 2016 por el decreto de desindexación del salario mínimo, DOF 27-01-2016",
  officialUrl: "https://www.inegi.org.mx/temas/uma/",
  file: "sources/uma.ts",
  rows: umaRows,
  checks: umaChecks,
  // INEGI publishes the UMA in January and it applies from February 1.
  yearly: { title: "UMA", due: "02-01", what: "la UMA", years: (rows) => rows.map((r) => r.year) },
};
