// Relevance by cross-validation on the given query set: two fixed halves (seeded shuffle), each scored apart, and the whole set and our own queries.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { loadDatasets } from "../build/datasets.ts";
import { searchIndexFile } from "../build/search-index.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { AS_OF, RAW_DIR } from "../test/helpers/tree.ts";
import { type EvalQuery, evalQueries, score } from "../test/helpers/search-eval.ts";

/**
 * The split's seed: fixed, so the halves are the same on every run (docs/search.md names them). 20261202, the
 * date the split was drawn, replaced 46, whose two halves had both been tuned on; `--seed` draws another.
 */
const SPLIT_SEED = 20261202;

/** mulberry32: a small seeded generator, so the split needs no dependency and never changes. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The queries in two halves: a Fisher–Yates shuffle with SPLIT_SEED, first half A, second half B. */
function halves(queries: EvalQuery[], seed: number): { A: EvalQuery[]; B: EvalQuery[] } {
  const order = [...queries];
  const next = random(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const mid = Math.ceil(order.length / 2);
  return { A: order.slice(0, mid), B: order.slice(mid) };
}

const { values } = parseArgs({ options: { dist: { type: "string" }, misses: { type: "string" }, seed: { type: "string" } } });
const json = values.dist
  ? readFileSync(join(values.dist, SEARCH_INDEX_PATH.slice(1)), "utf8")
  : searchIndexFile(await loadDatasets(RAW_DIR), AS_OF).data.toString("utf8");
const search = new SatSearch(json);
const given = evalQueries("queries.csv");
const { A, B } = halves(given, values.seed === undefined ? SPLIT_SEED : Number(values.seed));
const sets: [string, EvalQuery[]][] = [
  ["half A", A],
  ["half B", B],
  ["whole given set", given],
  ["own-queries.csv", evalQueries("own-queries.csv")],
  ["small-catalogs.csv", evalQueries("small-catalogs.csv")],
  ["fresh-queries.csv", evalQueries("fresh-queries.csv")],
  ["fresh-queries-2.csv", evalQueries("fresh-queries-2.csv")],
];
const pct = (x: number): string => `${(x * 100).toFixed(0)} %`;
console.log("| set | n | first | top 3 | top 10 | MRR |\n|---|---|---|---|---|---|");
for (const [name, qs] of sets) {
  const f = score(search, qs).groups.get("all")!;
  console.log(`| ${name} | ${f.n} | ${pct(f.first)} | ${pct(f.top3)} | ${pct(f.top10)} | ${f.mrr.toFixed(3)} |`);
}
// The small catalogs' checks asked without `catalogo` too, as /cfdi/buscar is by default.
{
  const f = score(search, evalQueries("small-catalogs.csv"), true).groups.get("all")!;
  console.log(`| small-catalogs.csv, every catalog | ${f.n} | ${pct(f.first)} | ${pct(f.top3)} | ${pct(f.top10)} | ${f.mrr.toFixed(3)} |`);
}
console.log(`\nhalf A: ${A.map((q) => q.id).join(" ")}\nhalf B: ${B.map((q) => q.id).join(" ")}`);
// The misses of one half only (--misses A): the half being tuned on; the other half stays unseen. --misses small: the small catalogs' checks; --misses fresh: fresh-queries.csv.
const small = evalQueries("small-catalogs.csv");
const fresh = evalQueries("fresh-queries.csv");
const half =
  values.misses === "A" ? A : values.misses === "B" ? B : values.misses === "small" ? small : values.misses === "fresh" ? fresh : [];
const { ranks } = score(search, half);
for (const q of half) {
  const r = ranks.get(q.id) ?? null;
  if (r === 1) continue;
  const top = search
    .search(q.query, { catalog: q.catalogo, family: "cfdi", limit: 3 })
    .map((x) => `${x.code} ${x.description.slice(0, 40)}`);
  console.log(`${q.id} «${q.query}» rank ${r ?? "-"} want ${q.acceptable.join("|")}: ${top.join(" ; ")}`);
}
