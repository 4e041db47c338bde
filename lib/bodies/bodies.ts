// What produces the body of every file route, bound by route id: emission (build/emit.ts) and the site's examples both read it.
import { articles, glossary, tools } from "../../content/index.ts";
import type { SieObservation } from "../../sources/banxico.ts";
import { camel, SERVED_SERIES, seriesRecord, type Camel, type ServedKey } from "../datasets/series.ts";
import { single } from "../datasets/entry.ts";
import { DATASET_BODIES } from "../datasets/tables.ts";
import { addDays } from "../../core/dates.ts";
import { dofDecidableDates, dofRate } from "../datasets/fx-dof.ts";
import type { Producer, Resource } from "../datasets/producer.ts";
import type { FileRouteId } from "../routes/routes.ts";
import { satProducers } from "./sat-bodies.ts";
import type { ArticleEntry, GlossaryEntry, ToolEntry } from "../../core/schemas.ts";
import { Series } from "../../core/series.ts";

export { claveProdServList, keyValues } from "./sat-bodies.ts";

type SeriesRouteId = `${Camel<ServedKey>}${"Today" | "History" | "ByDate"}`;

/** The today, history and by-date routes of one Banxico series. */
function seriesProducers(key: ServedKey): [string, Producer][] {
  const record = (o: SieObservation): object => seriesRecord(key, o);
  const prefix = camel(key);
  return [
    [
      `${prefix}Today`,
      ({ data }) => {
        const latest = data[key].at(-1);
        return single(latest === undefined ? undefined : record(latest));
      },
    ],
    [
      `${prefix}History`,
      ({ data }) => {
        const series = new Series(data[key]);
        return [{ pathValues: {}, body: (q) => series.lastDays(q["days"]!).map(record) }];
      },
    ],
    [`${prefix}ByDate`, ({ data }) => data[key].map((o) => ({ pathValues: { date: o.date }, body: () => record(o) }))],
  ];
}

/** The producers of every published series' routes, by route id. */
const SERIES_BODIES = Object.fromEntries(SERVED_SERIES.flatMap(seriesProducers)) as Record<SeriesRouteId, Producer>;

/** The Art. 20 CFF rate of every calendar date the FIX series can decide. */
function* fxDofResources(fx: SieObservation[]): Generator<Resource> {
  const series = new Series(fx);
  const dates = dofDecidableDates(series);
  if (dates === undefined) return;
  for (let date = dates.first; date <= dates.last; date = addDays(date, 1)) {
    const found = dofRate(series, date);
    if (found.found) yield { pathValues: { date }, body: () => found.record };
  }
}

const toolEntries = (): ToolEntry[] => tools.map((t) => ({ slug: t.slug, title: t.title, summary: t.summary, url: t.url, uses: t.uses }));
const articleEntries = (): ArticleEntry[] =>
  articles.map((a) => ({ slug: a.slug, title: a.title, summary: a.summary, url: a.url, updated: a.updated }));
const glossaryEntries = (): GlossaryEntry[] =>
  glossary.map((g) => ({ slug: g.slug, title: g.term, expansion: g.expansion, summary: g.summary, url: g.url }));

/**
 * Every file route's producer, by route id. The type is exhaustive and closed: a file route without a
 * producer, or a producer whose id is not a file route, does not compile.
 */
export const FILE_BODIES: { readonly [K in FileRouteId]: Producer } = {
  ...SERIES_BODIES,
  fxDof: ({ data }) => fxDofResources(data.fx),
  // The INPC and the yearly tables: lib/datasets/tables.ts.
  ...DATASET_BODIES,
  ...satProducers(),
  toolsCatalog: () => single(toolEntries()),
  articlesCatalog: () => single(articleEntries()),
  glossaryCatalog: () => single(glossaryEntries()),
  status: ({ status }) => single(status),
};

export const FILE_ROUTE_IDS = Object.keys(FILE_BODIES) as FileRouteId[];

export const isFileRouteId = (id: string): id is FileRouteId => Object.hasOwn(FILE_BODIES, id);
