// Search relevance on real queries: per catalog and kind of query, the share answered first, in the first 3 and 10, and the MRR, never below the ratcheted bar.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { kindGroups, synonymGroups } from "../lib/search/search-query.ts";
import { SEARCH_HINT_EXAMPLES } from "../site/catalogs.ts";
import { fold } from "../lib/search/search-terms.ts";
import { builtDist } from "./http-setup.ts";
import { evalQueries, type Figures, score } from "./helpers/search-eval.ts";

type Bar = Record<string, Record<string, Figures>>;
/** The figures reached, rounded down: raise them when search gets better, never lower them (test/data/search-eval/bar.json). */
const BAR = JSON.parse(readFileSync(new URL("data/search-eval/bar.json", import.meta.url), "utf8")) as Bar;
const FILES = ["queries.csv", "own-queries.csv", "small-catalogs.csv", "fresh-queries.csv", "fresh-queries-2.csv"] as const;

let search: SatSearch;
beforeAll(async () => {
  search = new SatSearch(readFileSync(join(await builtDist(), SEARCH_INDEX_PATH.slice(1)), "utf8"));
});

const pct = (x: number): string => `${(x * 100).toFixed(0)} %`.padStart(6);

describe.each(FILES)("relevance on %s", (file) => {
  it("reaches the bar in every group (overall, per catalog, per kind of query)", () => {
    const { groups } = score(search, evalQueries(file));
    const lines = [...groups].map(
      ([g, f]) =>
        `${g.padEnd(26)} n=${String(f.n).padStart(3)} 1º${pct(f.first)} top3${pct(f.top3)} top10${pct(f.top10)} MRR ${f.mrr.toFixed(3)}`,
    );
    console.log(`${file}\n${lines.join("\n")}`);
    const bar = BAR[file] ?? {};
    expect(Object.keys(bar).length).toBeGreaterThan(0);
    for (const [group, floor] of Object.entries(bar)) {
      const f = groups.get(group);
      expect(f, group).toBeDefined();
      for (const k of ["first", "top3", "top10", "mrr"] as const) expect(f![k], `${file} ${group} ${k}`).toBeGreaterThanOrEqual(floor[k]);
    }
  });
});

describe("the synonym table", () => {
  it("is needed: every group is used by a query of the relevance sets", () => {
    const queries = FILES.flatMap((f) => evalQueries(f)).map((q) => ` ${fold(q.query)} `);
    const unused = synonymGroups().filter((g) => !g.some((phrase) => queries.some((q) => q.includes(` ${fold(phrase)}`))));
    expect(unused).toEqual([]);
  });
});

describe("the kinds table", () => {
  it("is needed: every general word is reached from a kind by a query of the relevance sets", () => {
    const queries = FILES.flatMap((f) => evalQueries(f)).map((q) => ` ${fold(q.query)} `);
    const unused = Object.entries(kindGroups())
      .filter(([, kinds]) => !kinds.some((kind) => queries.some((q) => q.includes(` ${fold(kind)}`))))
      .map(([general]) => general);
    expect(unused).toEqual([]);
  });
});

describe("the catalog pages' search examples", () => {
  // What each example is for: the key a person typing it wants first.
  const wanted: Record<string, string> = { laptop: "432115", "renta de oficina": "801315", kilos: "KGM", pza: "H87" };
  it.each(Object.entries(SEARCH_HINT_EXAMPLES))("work in %s", (catalog, examples) => {
    for (const q of examples)
      expect(search.search(q, { catalog, family: "cfdi", limit: 1 })[0]?.code.startsWith(wanted[q] ?? "?"), q).toBe(true);
  });
});
