// The routes of the INPC, the UMA and minimum wage, the ISR tariffs and c_TasaOCuota: their registry entries (lib/datasets/tables.ts) carry them.
import { PERIOD_PATTERN } from "../../core/dates.ts";
import { dumpPath } from "./dump-paths.ts";
import { CACHE, type IntegerQueryParam, type PathParam, type Route } from "../route-shape/route-types.ts";
import { ISR_PERIODS } from "../../core/isr-periods.ts";

const inpcLimit: IntegerQueryParam = {
  in: "query",
  name: "limit",
  type: "integer",
  minimum: 1,
  maximum: 120,
  default: 24,
  description: "Número de meses más recientes.",
};

export const inpcRoutes = [
  {
    id: "inpcList",
    path: "/inpc",
    tag: "INPC",
    summary: "Los meses más recientes del INPC, en orden ascendente",
    description: "Los `limit` periodos más recientes del índice general, del más antiguo al más reciente.",
    params: [inpcLimit],
    body: { arrayOf: "InpcRecord" },
    cache: CACHE.live,
    kind: "file",
    notFound: false,
    datasets: ["inpc"],
    prebuilt: "every-value",
    mcp: { tool: "inpc" },
  },
  {
    id: "inpcByPeriod",
    path: "/inpc/{period}",
    tag: "INPC",
    summary: "INPC de un mes",
    description: "El índice general del mes pedido; un mes aún no publicado o anterior a la serie es 404.",
    params: [{ in: "path", name: "period", pattern: PERIOD_PATTERN, maxLength: 7, example: "2024-01", description: "Mes, AAAA-MM." }],
    body: { ref: "InpcRecord" },
    cache: CACHE.live,
    kind: "file",
    notFound: true,
    datasets: ["inpc"],
    missing: (v) => `No hay INPC publicado del mes ${v["period"]}; los meses publicados están en ${dumpPath("inpc", "json")}.`,
    mcp: { tool: "inpc" },
  },
] as const satisfies readonly Route[];

const year: PathParam = {
  in: "path",
  name: "year",
  pattern: "^\\d{4}$",
  maxLength: 4,
  example: "2026",
  description: "Año, cuatro dígitos.",
};

export const ISR_API_PERIODS = ISR_PERIODS;

export const umaRoutes = [
  {
    id: "umaCurrent",
    path: "/uma",
    tag: "UMA y salario mínimo",
    summary: "UMA y salario mínimo del año en curso",
    description: "El registro del año calendario en curso en la Ciudad de México; si aún no se publica, el último disponible.",
    params: [],
    body: { ref: "Uma" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
    mcp: { tool: "uma_salario_minimo" },
    datasets: ["uma", "salario-minimo", "imss"],
  },
  {
    id: "umaByYear",
    path: "/uma/{year}",
    tag: "UMA y salario mínimo",
    summary: "UMA y salario mínimo de un año",
    description: "El registro del año pedido; un año sin UMA, salario mínimo o tasas publicados es 404.",
    params: [year],
    body: { ref: "Uma" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
    datasets: ["uma", "salario-minimo", "imss"],
    missing: (v) => `No hay UMA ni salario mínimo publicados para ${v["year"]}; los años publicados están en ${dumpPath("uma", "json")}.`,
    mcp: { tool: "uma_salario_minimo" },
  },
] as const satisfies readonly Route[];

export const isrRoutes = [
  {
    id: "isrCurrentMonthly",
    path: "/tarifa/isr/mensual",
    tag: "ISR",
    summary: "Tarifa mensual de retención de ISR del año en curso",
    description:
      "La tarifa mensual del año calendario en curso en la Ciudad de México; si aún no se publica, la del último año disponible.",
    params: [],
    body: { ref: "IsrTariff" },
    cache: CACHE.hour,
    kind: "file",
    notFound: false,
    mcp: { tool: "tabla_fiscal", as: "isr" },
    datasets: ["isr"],
  },
  {
    id: "isrTariff",
    path: "/tarifa/isr/{year}/{period}",
    tag: "ISR",
    summary: "Tarifa de retención de ISR de un año y periodo",
    description: "Los renglones de la tarifa del año y periodo de pago pedidos, en orden ascendente; un año sin tarifa publicada es 404.",
    params: [
      year,
      { in: "path", name: "period", enum: ISR_API_PERIODS, maxLength: 9, example: "mensual", description: "Periodo de pago." },
    ],
    body: { ref: "IsrTariff" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
    datasets: ["isr"],
    missing: (v) => `No hay tarifa de ISR publicada para ${v["year"]}; los años publicados están en ${dumpPath("isr", "json")}.`,
    mcp: { tool: "tabla_fiscal", as: "isr" },
  },
] as const satisfies readonly Route[];

/** c_TasaOCuota: its rules, filtered per request by a function from its dump. */
export const tasaOCuotaRoutes = [
  {
    id: "cfdiTasaOCuota",
    path: "/cfdi/tasa-o-cuota",
    tag: "CFDI 4.0",
    summary: "Reglas del catálogo c_TasaOCuota",
    description:
      "Cada regla dice qué valor (fijo) o qué intervalo (rango) de tasa o cuota admite un impuesto con un tipo de factor, y si aplica a traslados, a retenciones o a ambos. `impuesto` y `factor` filtran las reglas.",
    params: [
      {
        in: "query",
        name: "impuesto",
        type: "string",
        required: false,
        maxLength: 40,
        example: "002",
        description:
          "Solo las reglas de este impuesto: su clave de c_Impuesto (001 ISR, 002 IVA, 003 IEPS; la clave trae todas las reglas del impuesto, «IVA Crédito aplicado del 50%» incluida) o el texto exacto de la columna Impuesto (p. ej. IVA). Otro valor: 400.",
      },
      {
        in: "query",
        name: "factor",
        type: "string",
        required: false,
        enum: ["Tasa", "Cuota"],
        maxLength: 5,
        example: "Tasa",
        description: "Solo las reglas de este tipo de factor.",
      },
    ],
    body: { arrayOf: "TasaOCuotaRule" },
    cache: CACHE.day,
    kind: "function",
    notFound: false,
    mcp: { tool: "catalogo_sat", as: "tasa-o-cuota" },
  },
] as const satisfies readonly Route[];
