// The SQLite file searches like the API: docs/search-offline.sql over search_fts, run by Python's sqlite3 with the user's words bound, against SatSearch on the same tree.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { SQLITE_DUMP } from "../lib/routes/routes.ts";
import { builtDist } from "./http-setup.ts";
import { DOC_QUERIES } from "./helpers/search-doc-queries.ts";

const QUERY = readFileSync(new URL("../docs/search-offline.sql", import.meta.url), "utf8");
/** The documented way: words split on anything not a letter or digit, passed as one bound JSON parameter. */
const PYTHON = `
import json, re, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
sql = sys.argv[2]
out = []
for q, catalog in json.loads(sys.argv[3]):
    words = json.dumps(re.findall(r"\\w+", q))
    out.append([r[1] for r in db.execute(sql, {"words": words, "catalog": catalog}).fetchall()[:3]])
print(json.dumps(out))
`;

let dist: string;
let search: SatSearch;
beforeAll(async () => {
  dist = await builtDist();
  search = new SatSearch(readFileSync(join(dist, SEARCH_INDEX_PATH.slice(1)), "utf8"));
});

/** The first 3 codes for each query, in one catalog or (null) every CFDI catalog. */
const offline = (queries: [string, string | null][]): string[][] =>
  JSON.parse(
    execFileSync("python3", ["-c", PYTHON, `${dist}${SQLITE_DUMP}`, QUERY, JSON.stringify(queries)], { encoding: "utf8" }),
  ) as string[][];

describe("the offline search (docs/search-offline.sql)", () => {
  it("raises no error on any user word: operators, quotes, hyphens, symbols, stop words only, nothing", () => {
    const hostile = ["c++", "auto-parte", '"comillas', "it's", "NEAR OR AND NOT", "* ( ) : ^ -", "de la", "", "computadora*"];
    const answers = offline(hostile.map((q) => [q, null]));
    expect(answers).toHaveLength(hostile.length);
    // «auto-parte» is two words, auto and parte: found; «computadora*» is computadora.
    expect(answers[1]!.length).toBeGreaterThan(0);
    expect(answers[8]!.length).toBeGreaterThan(0);
  });

  it("gives the API's top 3 for the README's and docs' queries: at least 20 of 32 alike, RESICO, nota de crédito, laptop and kilos among them", () => {
    const codes = offline(DOC_QUERIES.map(([q, catalog]) => [q, catalog ?? null]));
    const answers = new Map(DOC_QUERIES.map(([q], i) => [q, codes[i]!]));
    const alike = DOC_QUERIES.filter(([q, catalog]) => {
      const api = search.search(q, { family: "cfdi", limit: 3, ...(catalog !== undefined && { catalog }) }).map((r) => r.code);
      return JSON.stringify(api) === JSON.stringify(answers.get(q));
    }).map(([q]) => q);
    console.log(`offline top 3 = API top 3 for ${alike.length} of ${DOC_QUERIES.length}: ${alike.join(", ")}`);
    expect(alike.length).toBeGreaterThanOrEqual(20);
    expect(alike).toEqual(expect.arrayContaining(["RESICO", "nota de crédito", "mes hombre", "laptop", "kilos"]));
  });
});
