// `npx tsx bench/search-answers.ts --dist dist --out FILE`: the ranked answers of the search for ~50,000 queries, one line each,
// so a change meant only to make the search faster can be checked to answer the same (diff two outputs).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { CLAVE_PROD_SERV_DUMP } from "../lib/routes/routes.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { queryTerms } from "../lib/search/search-terms.ts";
import { evalQueries } from "../test/helpers/search-eval.ts";

const { values: opts } = parseArgs({
  options: { dist: { type: "string", default: "dist" }, out: { type: "string" } },
});
const DIST = resolve(opts.dist);
const search = new SatSearch(readFileSync(`${DIST}${SEARCH_INDEX_PATH}`, "utf8"));

/** The bench's queries (bench/search.ts), the relevance sets', and from the catalog: word pairs, single words, prefixes and typos. */
function queries(): { q: string; catalog?: string }[] {
  const list: { q: string; catalog?: string }[] = [];
  const bench = readFileSync(new URL("search.ts", import.meta.url), "utf8");
  for (const m of bench.matchAll(/^ {2}"([^"\n]+)",$/gm)) list.push({ q: m[1]! }, { q: m[1]!, catalog: "clave-prod-serv" });
  for (const f of ["queries.csv", "own-queries.csv"] as const)
    for (const e of evalQueries(f)) list.push({ q: e.query, catalog: e.catalogo }, { q: e.query });
  const entries = JSON.parse(readFileSync(`${DIST}/${CLAVE_PROD_SERV_DUMP}`, "utf8")) as { description: string }[];
  const pairs = new Set<string>();
  const words = new Set<string>();
  for (const e of entries) {
    const t = queryTerms(e.description);
    if (t[0] !== undefined && t[1] !== undefined) pairs.add(`${t[0]} ${t[1]}`);
    for (const w of t) words.add(w);
  }
  for (const p of pairs) list.push({ q: p, catalog: "clave-prod-serv" });
  const sorted = [...words].sort();
  sorted.forEach((w, i) => {
    if (i % 3 !== 0) return;
    list.push({ q: w });
    if (w.length > 4)
      list.push({ q: w.slice(0, 4) }, { q: w.slice(0, 2) + w.slice(3) }, { q: `${sorted[(i * 7) % sorted.length]} ${w.slice(0, 5)}` });
  });
  return list;
}

const lines: string[] = [];
const started = process.cpuUsage();
for (const { q, catalog } of queries()) {
  const r = search.search(q, { catalog, family: "cfdi", limit: 20 });
  lines.push(`${catalog ?? "*"}\t${q}\t${r.map((x) => `${x.catalog}/${x.code}`).join(" ")}`);
}
const used = process.cpuUsage(started);
const text = `${lines.join("\n")}\n`;
if (opts.out !== undefined) writeFileSync(opts.out, text);
console.log(
  `${lines.length} queries, sha256 ${createHash("sha256").update(text).digest("hex").slice(0, 16)}, CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
);
