// The routes of the payroll-tax tables: subsidio para el empleo (every rule, the rule of a day) and the RESICO rates; their registry entries (lib/datasets/tables.ts) carry them.
import { SUBSIDY_FIRST_DATE } from "../../sources/subsidio-checks.ts";
import { subsidioEmpleo } from "../../sources/subsidio-empleo.ts";
import { subsidyRule } from "./payroll-records.ts";
import { ISO_DATE_PATTERN } from "../../core/dates.ts";
import { CACHE } from "../route-shape/route-types.ts";

const SUBSIDY_PATH = "/subsidio-empleo";

/** The 404 of a day without a rule: before the data starts, or after its last day. */
function subsidyMissing(date: string): string {
  if (date < SUBSIDY_FIRST_DATE) {
    return (
      `Fiscal MX tiene datos del subsidio para el empleo desde el ${SUBSIDY_FIRST_DATE} (decreto publicado en el DOF ese día); ` +
      `no tiene la tabla por rangos de ingreso vigente antes, y no la estima.`
    );
  }
  const last = subsidioEmpleo.rows.at(-1);
  const through = last === undefined ? SUBSIDY_FIRST_DATE : subsidyRule(last).datosHasta;
  return `No hay regla del subsidio para el empleo registrada para el ${date}: los datos llegan al ${through}; las reglas están en /api/v1/public${SUBSIDY_PATH}.`;
}

export const subsidioEmpleoRoutes = [
  {
    id: "subsidioEmpleoList",
    path: SUBSIDY_PATH,
    mcp: { tool: "tabla_fiscal", as: "subsidio-empleo" },
    tag: "ISR",
    summary: "Reglas del subsidio para el empleo desde el 1 de mayo de 2024",
    description:
      "Cada regla con su porcentaje de la UMA mensual, la UMA a la que se aplica, el monto mensual, el tope de ingreso mensual, su vigencia y su decreto, en orden de fecha. " +
      "Antes del 2024-05-01 el subsidio era una tabla por rangos de ingreso que este proyecto no tiene.",
    params: [],
    body: { arrayOf: "SubsidioEmpleoRule" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
  {
    id: "subsidioEmpleoByDate",
    path: `${SUBSIDY_PATH}/{fecha}`,
    mcp: { tool: "tabla_fiscal", as: "subsidio-empleo" },
    tag: "ISR",
    summary: "La regla del subsidio para el empleo vigente en una fecha",
    description:
      "La regla que rige el día pedido (en enero, la transitoria del decreto sobre la UMA del año anterior). Antes del 2024-05-01, o después del último día con datos (`datosHasta`), 404 con la fecha desde la que hay datos.",
    params: [
      {
        in: "path",
        name: "fecha",
        pattern: ISO_DATE_PATTERN,
        format: "date",
        maxLength: 10,
        example: "2026-03-15",
        description: "Día, AAAA-MM-DD.",
      },
    ],
    body: { ref: "SubsidioEmpleoRule" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
    missing: (v: Readonly<Record<string, string>>) => subsidyMissing(v["fecha"] ?? ""),
  },
] as const;

export const resicoRoutes = [
  {
    id: "resicoRates",
    path: "/resico/tasas",
    mcp: { tool: "tabla_fiscal", as: "resico" },
    tag: "ISR",
    summary: "Tasas del RESICO de personas físicas (Arts. 113-E y 113-F LISR)",
    description:
      "Los renglones mensuales (Art. 113-E) y anuales (Art. 113-F): la tasa del renglón se aplica al total de los ingresos del periodo, sin cuota fija. " +
      "Quien rebasa 3,500,000.00 de ingresos en el ejercicio deja de tributar en el régimen.",
    params: [],
    body: { arrayOf: "ResicoRate" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
  },
] as const;
