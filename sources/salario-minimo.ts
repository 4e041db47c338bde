// General daily minimum wage fixed by CONASAMI and published in the DOF, transcribed by hand.
import type { MinimumWageRow } from "./table-rows.ts";
import { minimumWageChecks } from "./yearly-checks.ts";
import type { YearlyTable } from "./types.ts";

/** Where the row shapes live, for the readers of this table (lib/datasets/records.ts). */
export type { MinimumWageRow } from "./table-rows.ts";

const minimumWageRows: MinimumWageRow[] = [
  { year: 2016, general: 73.04, borderZone: null, inForceFrom: "2016-01-01", row: 1 },
  { year: 2017, general: 80.04, borderZone: null, inForceFrom: "2017-01-01", row: 2 },
  { year: 2018, general: 88.36, borderZone: null, inForceFrom: "2017-12-01", row: 3 },
  { year: 2019, general: 102.68, borderZone: 176.72, inForceFrom: "2019-01-01", row: 4 },
  { year: 2020, general: 123.22, borderZone: 185.56, inForceFrom: "2020-01-01", row: 5 },
  { year: 2021, general: 141.7, borderZone: 213.39, inForceFrom: "2021-01-01", row: 6 },
  { year: 2022, general: 172.87, borderZone: 260.34, inForceFrom: "2022-01-01", row: 7 },
  { year: 2023, general: 207.44, borderZone: 312.41, inForceFrom: "2023-01-01", row: 8 },
  { year: 2024, general: 248.93, borderZone: 374.89, inForceFrom: "2024-01-01", row: 9 },
  { year: 2025, general: 278.8, borderZone: 419.88, inForceFrom: "2025-01-01", row: 10 },
  { year: 2026, general: 315.04, borderZone: 440.87, inForceFrom: "2026-01-01", row: 11 },
];

export const minimumWage: YearlyTable<MinimumWageRow[]> = {
  id: "salario-minimo",
  publisher: "CONASAMI",
  citation:
    "Resoluciones del Consejo de Representantes de la Comisión Nacional de los Salarios Mínimos publicadas en el DOF para cada año (2018: vigente desde el 1 de diciembre de 2017)",
  officialUrl: "https://www.gob.mx/conasami",
  file: "sources/salario-minimo.ts",
  rows: minimumWageRows,
  checks: minimumWageChecks,
  yearly: { title: "Salario mínimo general", due: "01-01", what: "el salario mínimo", years: (rows) => rows.map((r) => r.year) },
};
