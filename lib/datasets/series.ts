// The Banxico SIE series, one registry entry each: its source, routes, records, producers, handlers, dumps, status and staleness follow from it.
import type { Static } from "@sinclair/typebox";
import type { Tag } from "../route-shape/route-types.ts";
import type { allSchemas, SchemaName } from "../../core/schemas.ts";
import type { DatedValue } from "../../core/series.ts";
import { SERIES_KEYS, SIE_SETTINGS, type SeriesKey, type SieSettings } from "../../sources/sie-series.ts";

export { SERIES_KEYS, SERVED_SERIES, type SeriesKey, type ServedKey } from "../../sources/sie-series.ts";

/** The API record a schema describes. */
type RecordOf<B extends SchemaName> = Static<(typeof allSchemas)[B]>;

/** What the route table and the MCP tool say of a series, and how its records look. */
interface SeriesApi<B extends SchemaName = SchemaName> {
  tag: Tag;
  /**
   * Its value of the MCP tool serie_banxico when that is not its id: only the FIX, `fix` since the tool was published
   * (a public name kept; decision new-one-dataset-id).
   */
  mcpName?: string;
  /** The record's schema (one of core/schemas.ts). */
  body: B;
  /** The record's field that holds the value (what the series function searches). */
  valueField: "rate" | "value";
  /** What the history answers are ("observaciones del FIX"). */
  what: string;
  /** A date with an observation, for the documentation. */
  example: string;
  today: string;
  history: string;
  byDate: string;
  /** Description of the today route. */
  latest: string;
  /** The MCP text of one observation, before its source ("TIIE de fondeo del 2020-09-28: 4.25 % anual"). */
  said: (date: string, value: string) => string;
  /** How the MCP text counts a list of observations: one, many, and of what ("observaciones", "del FIX"). */
  counted: readonly [one: string, many: string, of: string];
}

/** A series' publisher settings (sources/sie-series.ts) and what the API makes of it. */
export interface SieSeriesConfig<B extends SchemaName = SchemaName> extends SieSettings {
  /** What one value is called in Spanish messages ("No hay FIX para …"). */
  noun: string;
  /** The latest value in a stale notice ("el último FIX", "la última TIIE a 28 días"). */
  latestNoun: string;
  api: SeriesApi<B>;
  /** The API record of one observation; `source` is the entry's. */
  record: (o: DatedValue, source: string) => RecordOf<B>;
}

/** The fields of an entry above the publisher's settings. */
type SeriesLayers<B extends SchemaName> = Omit<SieSeriesConfig<B>, keyof SieSettings>;

/** An entry: a series' settings and its layers, their literal types kept (`served`, the schema name) so the layers can be typed from it. */
const entry = <const P extends SieSettings, const B extends SchemaName, const L extends SeriesLayers<B>>(
  settings: P,
  layers: L & SeriesLayers<B>,
): P & L => ({
  ...settings,
  ...layers,
});

/**
 * Every series, in the order of sources/sie-series.ts: one entry per key there (a key left out, or one too many,
 * does not compile). Adding a series is its settings there, its entry here (and its schema, if new), its raw
 * file and its tests; every layer follows from the entry.
 */
const DEFINED = {
  fx: entry(SIE_SETTINGS.fx, {
    noun: "FIX",
    latestNoun: "el último FIX",
    api: {
      tag: "Tipo de cambio",
      mcpName: "fix",
      body: "FxRate",
      valueField: "rate",
      what: "observaciones del FIX",
      example: "2020-01-02",
      today: "Último tipo de cambio FIX publicado",
      history: "Historial del FIX, del más antiguo al más reciente",
      byDate: "FIX determinado en una fecha",
      latest: "La observación más reciente de la serie SF43718 del Banco de México: pesos por dólar de EUA con 4 decimales.",
      said: (date, value) => `FIX determinado el ${date}: ${value} pesos por dólar`,
      counted: ["observación", "observaciones", "del FIX"],
    },
    record: (o, source) => ({ date: o.date, rate: o.value, source }),
  }),
  udi: entry(SIE_SETTINGS.udi, {
    noun: "valor de la UDI",
    latestNoun: "el último valor de la UDI",
    api: {
      tag: "UDI",
      body: "UdiValue",
      valueField: "value",
      what: "valores de la UDI",
      example: "2020-09-28",
      today: "Último valor de la UDI publicado",
      history: "Historial de la UDI, del más antiguo al más reciente",
      byDate: "Valor de la UDI en una fecha",
      latest:
        "El valor de la UDI (serie SP68257) del día más reciente publicado; el Banco de México lo publica por adelantado, así que puede ser una fecha futura.",
      said: (date, value) => `UDI del ${date}: ${value} pesos`,
      counted: ["valor", "valores", "de la UDI"],
    },
    record: (o, source) => ({ date: o.date, value: o.value, source }),
  }),
  "tiie-28": entry(SIE_SETTINGS["tiie-28"], {
    noun: "TIIE a 28 días",
    latestNoun: "la última TIIE a 28 días",
    api: {
      tag: "TIIE",
      body: "TiieRate",
      valueField: "rate",
      what: "observaciones de la TIIE a 28 días",
      example: "2021-01-04",
      today: "Última TIIE a 28 días publicada",
      history: "Historial de la TIIE a 28 días, del más antiguo al más reciente",
      byDate: "TIIE a 28 días de una fecha",
      latest: "La observación más reciente de la serie SF43783 del Banco de México, en por ciento anual con 4 decimales.",
      said: (date, value) => `TIIE a 28 días del ${date}: ${value} % anual`,
      counted: ["observación", "observaciones", "de la TIIE a 28 días"],
    },
    // The term is part of the record.
    record: (o, source) => ({ date: o.date, rate: o.value, term: 28, source }),
  }),
  "tiie-fondeo": entry(SIE_SETTINGS["tiie-fondeo"], {
    noun: "TIIE de fondeo",
    latestNoun: "la última TIIE de fondeo",
    api: {
      tag: "TIIE",
      body: "TiieFondeoRate",
      valueField: "rate",
      what: "observaciones de la TIIE de fondeo",
      example: "2020-09-28",
      today: "Última TIIE de fondeo publicada",
      history: "Historial de la TIIE de fondeo, del más antiguo al más reciente",
      byDate: "TIIE de fondeo de una fecha",
      latest:
        "La observación más reciente de la serie SF331451 del Banco de México (mediana ponderada por volumen de las operaciones a un día hábil bancario), en por ciento anual con 2 decimales.",
      said: (date, value) => `TIIE de fondeo del ${date}: ${value} % anual`,
      counted: ["observación", "observaciones", "de la TIIE de fondeo"],
    },
    record: (o, source) => ({ date: o.date, rate: o.value, source }),
  }),
} as const satisfies { [K in SeriesKey]: SieSeriesConfig };

/** A kebab-case id as a TypeScript identifier ("tiie-28" → "tiie28", "tiie-fondeo" → "tiieFondeo"): the prefix of its route ids. */
export type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
export const camel = <S extends string>(id: S): Camel<S> => id.replace(/-(.)/g, (_, c: string) => c.toUpperCase()) as Camel<S>;

/** What follows from a series' id: its route prefix (`/tiie/28`), its route ids' prefix and its MCP value. */
export interface SeriesNames<K extends string = string> {
  id: K;
  /** Path prefix of its routes: `${base}/today`, `${base}/history`, `${base}/{date}`; its id, a slash for each hyphen. */
  base: string;
  /** Prefix of its route ids (`tiie28Today`), which openapi.json publishes as operationIds. */
  routeIdPrefix: Camel<K>;
  mcpValue: string;
}

function seriesNames<K extends string>(id: K, mcpName: string | undefined): SeriesNames<K> {
  return { id, base: `/${id.replaceAll("-", "/")}`, routeIdPrefix: camel(id), mcpValue: mcpName ?? id };
}

/** A series' definition with the names its id gives it. */
export type SeriesDefinition = SieSeriesConfig & SeriesNames<SeriesKey>;

/** Every series with the names its id gives it. */
export const SIE_SERIES = Object.fromEntries(
  SERIES_KEYS.map((k) => [k, { ...DEFINED[k], ...seriesNames(k, (DEFINED[k].api as SeriesApi).mcpName) }]),
) as { readonly [K in SeriesKey]: (typeof DEFINED)[K] & SeriesNames<K> };

/** The API record of an observation of a series. */
export function seriesRecord<K extends SeriesKey>(key: K, o: DatedValue): ReturnType<(typeof SIE_SERIES)[K]["record"]> {
  const s: SieSeriesConfig = SIE_SERIES[key];
  return s.record(o, s.source) as ReturnType<(typeof SIE_SERIES)[K]["record"]>;
}

/** False for the schema of a series not published (it stays out of openapi.json); true for every other schema. */
export const servedSchema = (name: string): boolean => SERIES_KEYS.every((k) => SIE_SERIES[k].api.body !== name || SIE_SERIES[k].served);
