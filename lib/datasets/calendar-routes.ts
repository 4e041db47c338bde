// The routes of the fiscal calendar's tables: a whole year (a file per year served) and a range with filters (a function); their registry entry (lib/datasets/tables.ts) carries them.
import { INSTITUTION_FILTERS, MAX_RANGE_YEARS, PERSONAS } from "./calendar.ts";
import { dumpPath } from "./dump-paths.ts";
import { CACHE, type DateQueryParam, type Route, type StringQueryParam } from "../route-shape/route-types.ts";

const DATASETS = ["obligaciones-periodicas", "dias-inhabiles-sat"] as const;

const dateParam = (name: string, description: string, example: string): DateQueryParam => ({
  in: "query",
  name,
  type: "date",
  required: true,
  example,
  description,
});

const filter = (name: string, values: readonly string[], description: string, example: string): StringQueryParam => ({
  in: "query",
  name,
  type: "string",
  required: false,
  maxLength: Math.max(...values.map((v) => v.length)),
  enum: values,
  description,
  example,
});

export const calendarRoutes = [
  {
    id: "calendarYear",
    path: "/calendario/{year}",
    tag: "Calendario",
    summary: "Todos los vencimientos fiscales, de seguridad social y laborales de un año",
    description:
      "Cada vencimiento de la tabla de obligaciones periódicas que vence en el año, con su fundamento, quién lo debe, la fecha original y la recorrida por días inhábiles (Art. 12 CFF); " +
      "la DIOT con sus dos plazos (día 17 de la ley y fin de mes de la RMF). Un año cuyos días inhábiles no tiene Fiscal MX se sirve con `diasInhabilesConocidos: false` y `fecha: null` " +
      "(lo dice `aniosSinDiasInhabiles`); un año fuera de los servidos es 404.",
    params: [{ in: "path", name: "year", pattern: "^\\d{4}$", maxLength: 4, example: "2026", description: "Año." }],
    body: { ref: "CalendarioFiscal" },
    cache: CACHE.hour,
    kind: "file",
    notFound: true,
    datasets: DATASETS,
    missing: (v: Readonly<Record<string, string>>) =>
      `Fiscal MX no tiene el calendario de ${v["year"]}: sirve los años de su tabla de días inhábiles y el siguiente; las obligaciones están en ${dumpPath("obligaciones-periodicas", "json")}.`,
    mcp: { tool: "calendario_fiscal" },
  },
  {
    id: "calendarRange",
    path: "/calendario",
    tag: "Calendario",
    summary: `Los vencimientos de un intervalo de hasta ${MAX_RANGE_YEARS} años, con filtros`,
    description:
      `Los vencimientos con fecha límite de \`desde\` a \`hasta\` (inclusive; a lo más ${MAX_RANGE_YEARS} años: hasta antes de desde + ${MAX_RANGE_YEARS} años), ` +
      "filtrados por institución, persona y obligación. `hasta` anterior a `desde`, un intervalo mayor o un filtro desconocido son 400; " +
      "un intervalo por completo fuera de los años servidos es 404; uno que los rebasa se recorta a ellos (lo dicen `desde` y `hasta` de la respuesta).",
    params: [
      dateParam("desde", "Primer día.", "2026-01-01"),
      dateParam("hasta", `Último día, a lo más ${MAX_RANGE_YEARS} años después.`, "2026-12-31"),
      filter("institucion", Object.keys(INSTITUTION_FILTERS), "Institución.", "sat"),
      filter("persona", PERSONAS, "A quién toca.", "moral"),
      {
        in: "query",
        name: "obligacion",
        type: "string",
        required: false,
        maxLength: 40,
        pattern: "^[a-z0-9-]+$",
        description: "Id de la obligación.",
        example: "sat-diot-rmf",
      },
    ],
    body: { ref: "CalendarioFiscal" },
    cache: CACHE.hour,
    kind: "function",
    notFound: true,
    datasets: DATASETS,
    mcp: { tool: "calendario_fiscal" },
  },
] as const satisfies readonly Route[];
