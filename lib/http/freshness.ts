// The x-fmx-data-* headers: the latest date and staleFrom of the /status datasets an answer rests on (decision 0039).
import { todayInMexicoCity } from "../../core/dates.ts";
import { routes, type Route } from "../routes/routes.ts";
import { filePatterns, ruleLookup, ruleSet, type HeaderRule } from "./header-rules.ts";
import { DATA_DATE_HEADER, DATA_STALE_FROM_HEADER, DATA_STALE_HEADER, DATASETS_HEADER } from "../http-kit/headers.ts";
import type { HeaderList } from "../http-kit/respond.ts";

/** What /status says of one dataset that the headers repeat. */
export interface DatasetFacts {
  id: string;
  latest: string | null;
  staleFrom: string | null;
  /** Its cadence in /status: a catalog's ("por versión") `latest` is its last key, not a date. */
  cadence?: string;
}

/** Whether a dataset's `latest` is a date (a day, month or year), which x-fmx-data-date may carry. */
const dated = (f: DatasetFacts): boolean => f.cadence !== "por versión";

const decoder = new TextDecoder();

/** The headers of every route that names datasets, from one /status document's facts. */
export class Freshness {
  private readonly byId: ReadonlyMap<string, DatasetFacts>;
  private readonly byRoute = new Map<string, { values: Record<string, string>; list: HeaderList; staleFrom: string | null }>();
  private ruleFor: ((path: string) => HeaderList) | undefined;

  constructor(datasets: readonly DatasetFacts[]) {
    this.byId = new Map(datasets.map((d) => [d.id, d]));
  }

  /** From the bytes of the published /status document; undefined without it. */
  static fromStatus(bytes: Uint8Array | undefined): Freshness | undefined {
    if (bytes === undefined) return undefined;
    const doc = JSON.parse(decoder.decode(bytes)) as { datasets: DatasetFacts[] };
    return new Freshness(doc.datasets);
  }

  /** The constant headers of a route's answers (datasets without a latest value are left out), by name. */
  private constant(route: Route): { values: Record<string, string>; list: HeaderList; staleFrom: string | null } {
    let kept = this.byRoute.get(route.id);
    if (kept === undefined) {
      const facts = (route.datasets ?? []).flatMap((id) => {
        const f = this.byId.get(id);
        return f !== undefined && f.latest !== null ? [{ ...f, latest: f.latest }] : [];
      });
      const froms = facts.flatMap((f) => (f.staleFrom === null ? [] : [f.staleFrom])).sort();
      const staleFrom = froms[0] ?? null;
      const values: Record<string, string> = {};
      if (facts.length > 0) {
        values[DATASETS_HEADER] = facts.map((f) => f.id).join(", ");
        // A date header holds dates: a catalog's last key is none, so an answer on a catalog has no data date.
        if (facts.every(dated)) values[DATA_DATE_HEADER] = facts.map((f) => f.latest).join(", ");
        if (staleFrom !== null) values[DATA_STALE_FROM_HEADER] = staleFrom;
      }
      // The same values as a header list, made once: Object.entries(…).flat() per answer cost up to a microsecond.
      kept = { values, list: Object.entries(values).flat(), staleFrom };
      this.byRoute.set(route.id, kept);
    }
    return kept;
  }

  /** Headers of an answer computed at `now` (functions, fallbacks): the constant ones and the day's judgement (not to be changed: shared). */
  computed(route: Route, now: number): HeaderList {
    const { list, staleFrom } = this.constant(route);
    return staleFrom === null ? list : [...list, DATA_STALE_HEADER, String(todayInMexicoCity(new Date(now)) >= staleFrom)];
  }

  /**
   * Host rules for the prebuilt files of the routes that name datasets (the paths of lib/http/header-rules.ts),
   * a rule that a wildcard with the same values already covers left out; two rules with different values
   * for one path are an error, since the host would send both.
   */
  fileRules(): HeaderRule[] {
    const set = ruleSet("data header", false);
    for (const r of routes.filter((route) => route.kind === "file")) {
      const { values } = this.constant(r);
      if (Object.keys(values).length > 0) for (const pattern of filePatterns(r)) set.add(pattern, values);
    }
    return set.rules();
  }

  /**
   * The headers the file rules give a prebuilt file's path (the path itself, or a wildcard of an ancestor), with the
   * day's judgement at `now` when they name a staleFrom: the same answer the edge gives on the host (lib/http/netlify.ts).
   */
  forPath(path: string, now: number): HeaderList {
    this.ruleFor ??= ruleLookup(this.fileRules());
    const rule = this.ruleFor(path);
    const i = rule.indexOf(DATA_STALE_FROM_HEADER);
    if (i < 0) return rule;
    return [...rule, DATA_STALE_HEADER, String(todayInMexicoCity(new Date(now)) >= (rule[i + 1] as string))];
  }
}
