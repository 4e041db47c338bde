// The x-fmx-data-* headers: the latest date and staleFrom of the /status datasets an answer rests on (decision 0039).
import { todayInMexicoCity } from "../../core/dates.ts";
import { routes, type Route } from "../routes/routes.ts";
import { filePatterns, ruleLookup, ruleSet, type HeaderRule } from "./header-rules.ts";
import { DATA_DATE_HEADER, DATA_STALE_FROM_HEADER, DATA_STALE_HEADER, DATASETS_HEADER } from "../http-kit/headers.ts";
import type { HeaderList } from "../http-kit/respond.ts";

/** What /status says of one dataset that the headers repeat; a catalog's `latest` ("por versión") is its last key, no date. */
export interface DatasetFacts {
  id: string;
  latest: string | null;
  staleFrom: string | null;
  cadence?: string;
}

/** x-fmx-data-stale's value: from `staleFrom` on (a day in Mexico City), the answer rests on stale data. */
export const isStale = (staleFrom: string, now: number): string => String(todayInMexicoCity(new Date(now)) >= staleFrom);

/** The headers of every route that names datasets, from one /status document's facts. */
export class Freshness {
  private readonly byId: ReadonlyMap<string, DatasetFacts>;
  /** Per route, by name and, made once (Object.entries(…).flat() per answer cost up to a microsecond), as a list. */
  private readonly byRoute = new Map<string, { values: Record<string, string>; list: HeaderList }>();
  private ruleFor: ((path: string) => HeaderList) | undefined;

  constructor(datasets: readonly DatasetFacts[]) {
    this.byId = new Map(datasets.map((d) => [d.id, d]));
  }

  /** The constant headers of a route's answers; datasets without a latest value are left out. */
  private constant(route: Route): { values: Record<string, string>; list: HeaderList } {
    let kept = this.byRoute.get(route.id);
    if (kept === undefined) {
      const facts = (route.datasets ?? []).flatMap((id) => this.byId.get(id) ?? []).filter((f) => f.latest !== null);
      const staleFrom = facts.flatMap((f) => f.staleFrom ?? []).sort()[0];
      const values: Record<string, string> = {};
      if (facts.length > 0) {
        values[DATASETS_HEADER] = facts.map((f) => f.id).join(", ");
        // A date header holds dates: an answer on a catalog has none.
        if (facts.every((f) => f.cadence !== "por versión")) values[DATA_DATE_HEADER] = facts.map((f) => f.latest).join(", ");
        if (staleFrom !== undefined) values[DATA_STALE_FROM_HEADER] = staleFrom;
      }
      kept = { values, list: Object.entries(values).flat() };
      this.byRoute.set(route.id, kept);
    }
    return kept;
  }

  /** Headers of an answer computed at `now`: the constant ones (shared: not to be changed) and the day's judgement. */
  computed(route: Route, now: number): HeaderList {
    const { values, list } = this.constant(route);
    const from = values[DATA_STALE_FROM_HEADER];
    return from === undefined ? list : [...list, DATA_STALE_HEADER, isStale(from, now)];
  }

  /** Host rules for the prebuilt files of the routes that name datasets; two for one path are an error (the host sends both). */
  fileRules(): HeaderRule[] {
    const set = ruleSet("data header", false);
    for (const r of routes.filter((route) => route.kind === "file")) {
      const { values } = this.constant(r);
      if (Object.keys(values).length > 0) for (const pattern of filePatterns(r)) set.add(pattern, values);
    }
    return set.rules();
  }

  /** The headers the file rules give a prebuilt file's path, with the day's judgement at `now`, as the edge adds it on the host. */
  forPath(path: string, now: number): HeaderList {
    this.ruleFor ??= ruleLookup(this.fileRules());
    const rule = this.ruleFor(path);
    const i = rule.indexOf(DATA_STALE_FROM_HEADER);
    return i < 0 ? rule : [...rule, DATA_STALE_HEADER, isStale(rule[i + 1] as string, now)];
  }
}
