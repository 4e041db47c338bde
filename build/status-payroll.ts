// The /status entries of the payroll-tax tables: the subsidio para el empleo rules (yearly decrees) and the RESICO rates (a law reform).
import { resico } from "../sources/resico.ts";
import { subsidioEmpleo } from "../sources/subsidio-empleo.ts";
import type { Datasets } from "../lib/records.ts";
import type { StatusDocument } from "../lib/schemas.ts";
import { tableStatus, yearlyStatus } from "./status.ts";

type DatasetStatus = StatusDocument["datasets"][number];

export function payrollStatus(d: Datasets, asOf: string): DatasetStatus[] {
  const subsidy = yearlyStatus(subsidioEmpleo, d.subsidioEmpleo, asOf);
  const rates = tableStatus(resico, "Tasas del RESICO de personas físicas (Arts. 113-E y 113-F LISR)", [], "01-01", null);
  return [subsidy, { ...rates, cadence: "por versión", records: d.resico.length }];
}
