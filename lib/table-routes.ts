// The routes of the INPC and the yearly tables (UMA and minimum wage, ISR tariffs): their registry entries (lib/dataset-registry.ts) carry them.
import { PERIOD_PATTERN } from "./dates.ts";
import { dumpPath } from "./dump-paths.ts";
import { CACHE, type IntegerQueryParam, type Route } from "./route-types.ts";

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
