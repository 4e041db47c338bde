// The /status entries of the payroll-tax tables: the subsidio para el empleo rules (yearly decrees) and the RESICO rates (a law reform).
import { resico } from "../sources/resico.ts";
import { subsidioEmpleo } from "../sources/subsidio-empleo.ts";
import type { Datasets } from "../lib/records.ts";
import type { StatusDocument } from "../lib/schemas.ts";
import { tableStatus, yearlyStaleness } from "./status.ts";

type DatasetStatus = StatusDocument["datasets"][number];

export function payrollStatus(d: Datasets, asOf: string): DatasetStatus[] {
  // One entry per rule, by the year it starts: a year without a rule of its own is stale from January 1.
  const ruleYears = d.subsidioEmpleo.map((r) => Number(r.from.slice(0, 4)));
  const subsidy = tableStatus(
    subsidioEmpleo,
    "Subsidio para el empleo (reglas desde el 2024-05-01)",
    ruleYears,
    "01-01",
    yearlyStaleness(ruleYears.at(-1) ?? 0, asOf, "01-01", "la regla del subsidio para el empleo"),
  );
  const rates = tableStatus(resico, "Tasas del RESICO de personas físicas (Arts. 113-E y 113-F LISR)", [], "01-01", null);
  return [subsidy, { ...rates, cadence: "por versión", records: d.resico.length }];
}
