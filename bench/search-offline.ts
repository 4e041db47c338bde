// The offline search against the API's: builds the SQLite file's search tables from raw/ (no whole build), runs docs/search-offline.sql with Python's sqlite3 on the README's and docs' queries, and prints where its top 3 differs from the API's.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadDatasets } from "../build/datasets.ts";
import { searchDocs } from "../build/search-index.ts";
import { searchTables } from "../build/search-sqlite.ts";
import { SEARCH_TABLES_SQL } from "../build/sqlite.ts";
import { SatSearch, serializeIndex } from "../lib/search/sat-search.ts";
import { AS_OF, RAW_DIR } from "../test/helpers/tree.ts";
import { DOC_QUERIES } from "../test/helpers/search-doc-queries.ts";

const PYTHON = `
import json, re, sqlite3, sys
db = sqlite3.connect(sys.argv[5] if len(sys.argv) > 5 else ":memory:")
for s in json.load(open(sys.argv[1])): db.execute(s)
tables = json.load(open(sys.argv[2]))
cols = lambda r: list(r.keys())
for name, rows in (("search_fts", tables["rows"]), ("search_idf", tables["idf"]), ("search_words", tables["words"])):
    keys = cols(rows[0])
    db.executemany("INSERT INTO %s (%s) VALUES (%s)" % (name, ",".join(keys), ",".join("?" * len(keys))), [[r[k] for k in keys] for r in rows])
db.commit()
sql = open(sys.argv[3]).read()
out = []
for q, catalog in json.load(open(sys.argv[4])):
    out.append([r[1] for r in db.execute(sql, {"words": json.dumps(re.findall(r"\\w+", q)), "catalog": catalog}).fetchall()[:3]])
print(json.dumps(out))
`;

const datasets = await loadDatasets(RAW_DIR);
const docs = searchDocs(datasets.catalogs, AS_OF);
const search = new SatSearch(serializeIndex(docs, AS_OF));
const dir = mkdtempSync(join(tmpdir(), "search-offline-"));
try {
  writeFileSync(join(dir, "schema.json"), JSON.stringify(SEARCH_TABLES_SQL));
  writeFileSync(join(dir, "tables.json"), JSON.stringify(searchTables(docs)));
  writeFileSync(join(dir, "queries.json"), JSON.stringify(DOC_QUERIES.map(([q, c]) => [q, c ?? null])));
  const sql = new URL("../docs/search-offline.sql", import.meta.url).pathname;
  const out = execFileSync(
    "python3",
    [
      "-c",
      PYTHON,
      ...["schema", "tables"].map((f) => join(dir, `${f}.json`)),
      sql,
      join(dir, "queries.json"),
      ...(process.env.KEEP ? [process.env.KEEP] : []),
    ],
    {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    },
  );
  const offline = JSON.parse(out) as string[][];
  let alike = 0;
  DOC_QUERIES.forEach(([q, catalog], i) => {
    const api = search.search(q, { family: "cfdi", limit: 3, ...(catalog !== undefined && { catalog }) }).map((r) => r.code);
    const same = JSON.stringify(api) === JSON.stringify(offline[i]);
    if (same) alike += 1;
    console.log(`${same ? "=" : "≠"} «${q}» API ${api.join(" ")}${same ? "" : ` · SQLite ${offline[i]!.join(" ")}`}`);
  });
  console.log(`\noffline top 3 = API top 3 for ${alike} of ${DOC_QUERIES.length}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
