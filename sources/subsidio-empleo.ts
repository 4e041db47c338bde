// Subsidio para el empleo since the decree of DOF 2024-05-01 (a percentage of the monthly UMA up to an income ceiling), transcribed by hand.
import type { SubsidyRow } from "./table-rows.ts";
import { subsidyChecks } from "./subsidio-checks.ts";
import type { YearlyTable } from "./types.ts";

/** Where the row shapes live, for the readers of this table (lib/datasets/records.ts). */
export type { SubsidyRow } from "./table-rows.ts";

const subsidyRows: SubsidyRow[] = [
  {
    from: "2024-05-01",
    to: "2024-12-31",
    percent: 11.82,
    umaMonthly: 3300.53,
    monthlyAmount: 390.12,
    incomeCeiling: 9081.0,
    instrument: "Decreto que otorga el subsidio para el empleo, DOF 01/05/2024",
    sources:
      "contaduriaccii.com.mx/tabla-subsidio-al-empleo; madfam-org/tezca docs/fiscal/2025-errata-isr-dof.md (cita el decreto de 2024)",
    row: 1,
  },
  {
    from: "2025-01-01",
    to: "2025-01-31",
    percent: 14.39,
    umaMonthly: 3300.53,
    monthlyAmount: 474.95,
    incomeCeiling: 10171.0,
    instrument: "Decreto DOF 31/12/2024 (código DOF 5746529), Transitorio Segundo: 14.39 % sobre la UMA vigente en 2024",
    sources:
      "madfam-org/tezca docs/fiscal/2025-errata-isr-dof.md @ a637d9fd (leído del texto del DOF); contaduriaccii.com.mx/tabla-subsidio-al-empleo",
    row: 2,
  },
  {
    from: "2025-02-01",
    to: "2025-12-31",
    percent: 13.8,
    umaMonthly: 3439.46,
    monthlyAmount: 474.65,
    incomeCeiling: 10171.0,
    instrument: "Decreto DOF 31/12/2024 (código DOF 5746529), Artículo Segundo",
    sources:
      "madfam-org/tezca docs/fiscal/2025-errata-isr-dof.md @ a637d9fd (leído del texto del DOF); contaduriaccii.com.mx/tabla-subsidio-al-empleo",
    row: 3,
  },
  {
    from: "2026-01-01",
    to: "2026-01-31",
    percent: 15.59,
    umaMonthly: 3439.46,
    monthlyAmount: 536.21,
    incomeCeiling: 11492.66,
    instrument: "Decreto DOF 31/12/2025 que modifica el subsidio para el empleo; transitorio de enero de 2026 sobre la UMA 2025",
    sources:
      "eluniversal.com.mx (2025-12-31); nmas.com.mx (2026-01-12, cita a PRODECON); expediente27.com; jlanoticias.com; hegewischlopez.com.mx",
    row: 4,
  },
  {
    from: "2026-02-01",
    to: null,
    percent: 15.02,
    umaMonthly: 3566.22,
    monthlyAmount: 535.65,
    incomeCeiling: 11492.66,
    instrument: "Decreto DOF 31/12/2025 que modifica el subsidio para el empleo: 15.02 % de la UMA mensual",
    sources:
      "las mismas páginas; 536.22 de la prensa es la estimación del considerando del decreto, no 15.02 % de la UMA 2026 publicada (OCA/l10n-mexico PR #114)",
    row: 5,
  },
];

export const subsidioEmpleo: YearlyTable<SubsidyRow[]> = {
  id: "subsidio-empleo",
  publisher: "Presidencia de la República (decretos publicados en el DOF)",
  citation:
    "Decreto que otorga el subsidio para el empleo, DOF 01/05/2024, y sus modificaciones publicadas en el DOF el 31/12/2024 y el 31/12/2025",
  officialUrl: "https://www.dof.gob.mx/",
  file: "sources/subsidio-empleo.ts",
  rows: subsidyRows,
  checks: subsidyChecks,
  // One entry per rule, by the year it starts: a year without a rule of its own is stale from January 1.
  yearly: {
    title: "Subsidio para el empleo (reglas desde el 2024-05-01)",
    due: "01-01",
    what: "la regla del subsidio para el empleo",
    years: (rows) => rows.map((r) => Number(r.from.slice(0, 4))),
  },
};
