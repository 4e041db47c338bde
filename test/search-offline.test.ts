// The SQLite file searches like the API: docs/search-offline.sql over search_fts, run by Python's sqlite3 with the user's words bound, against SatSearch on the same tree.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { SQLITE_DUMP } from "../lib/routes/routes.ts";
import { builtDist } from "./http-setup.ts";

const QUERY = readFileSync(new URL("../docs/search-offline.sql", import.meta.url), "utf8");
/** The documented way: words split on anything not a letter or digit, passed as one bound JSON parameter. */
const PYTHON = `
import json, re, sqlite3, sys
db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
sql = sys.argv[2]
out = []
for q in json.loads(sys.argv[3]):
    words = json.dumps(re.findall(r"\\w+", q))
    out.append([r[1] for r in db.execute(sql, {"words": words}).fetchall()[:3]])
print(json.dumps(out))
`;

let dist: string;
let search: SatSearch;
beforeAll(async () => {
  dist = await builtDist();
  search = new SatSearch(readFileSync(join(dist, SEARCH_INDEX_PATH.slice(1)), "utf8"));
});

const offline = (queries: string[], sql = QUERY): string[][] =>
  JSON.parse(
    execFileSync("python3", ["-c", PYTHON, `${dist}${SQLITE_DUMP}`, sql, JSON.stringify(queries)], { encoding: "utf8" }),
  ) as string[][];

/** Queries of README.md and docs/search.md, with the catalog they are shown for (none: every catalog). */
const DOC_QUERIES: [string, string | undefined][] = [
  ["laptop", "clave-prod-serv"],
  ["renta de oficina", "clave-prod-serv"],
  ["kilos", "clave-unidad"],
  ["pza", "clave-unidad"],
  ["computadora", "clave-prod-serv"],
  ["rentas", "clave-prod-serv"],
  ["renta de casa", "clave-prod-serv"],
  ["agua embotellada", "clave-prod-serv"],
  ["tortillas", "clave-prod-serv"],
  ["nomina", "clave-prod-serv"],
  ["gasolina", "clave-prod-serv"],
  ["leche", "clave-prod-serv"],
  ["pieza", "clave-unidad"],
  ["tonelada", "clave-unidad"],
  ["kilogramo", "clave-unidad"],
  ["página web", "clave-prod-serv"],
  ["clases de inglés", "clave-prod-serv"],
  ["instalación de interfón", "clave-prod-serv"],
  ["cámaras de seguridad", "clave-prod-serv"],
  ["jugo natural", "clave-prod-serv"],
  ["terapia psicológica", "clave-prod-serv"],
  ["software de contabilidad", "clave-prod-serv"],
  ["computadora notebook", "clave-prod-serv"],
  ["mes hombre", "clave-unidad"],
  ["RESICO", undefined],
  ["nota de crédito", undefined],
  ["transferencia", undefined],
  ["gastos médicos", undefined],
  ["computo", "clave-prod-serv"],
  ["onza", "clave-unidad"],
  ["aceite", "clave-prod-serv"],
  ["cableado estructurado", "clave-prod-serv"],
];

describe("the offline search (docs/search-offline.sql)", () => {
  it("raises no error on any user word: operators, quotes, hyphens, symbols, stop words only, nothing", () => {
    const hostile = ["c++", "auto-parte", '"comillas', "it's", "NEAR OR AND NOT", "* ( ) : ^ -", "de la", "", "computadora*"];
    const answers = offline(hostile);
    expect(answers).toHaveLength(hostile.length);
    expect(answers[0]!.length).toBeGreaterThan(0);
  });

  it("gives the API's top 3 for the README's and docs' queries: at least 9 of 32 alike, RESICO and nota de crédito among them", () => {
    const answers = new Map<string, string[]>();
    for (const catalog of ["clave-prod-serv", "clave-unidad", undefined]) {
      const qs = DOC_QUERIES.filter(([, c]) => c === catalog).map(([q]) => q);
      const sql =
        catalog === undefined ? QUERY : QUERY.replace("WHERE search_fts MATCH", `WHERE catalog = '${catalog}' AND search_fts MATCH`);
      const codes = offline(qs, sql);
      for (let i = 0; i < qs.length; i++) answers.set(qs[i]!, codes[i]!);
    }
    const alike = DOC_QUERIES.filter(([q, catalog]) => {
      const api = search.search(q, { family: "cfdi", limit: 3, ...(catalog !== undefined && { catalog }) }).map((r) => r.code);
      return JSON.stringify(api) === JSON.stringify(answers.get(q));
    }).map(([q]) => q);
    console.log(`offline top 3 = API top 3 for ${alike.length} of ${DOC_QUERIES.length}: ${alike.join(", ")}`);
    expect(alike.length).toBeGreaterThanOrEqual(9);
    expect(alike).toEqual(expect.arrayContaining(["RESICO", "nota de crédito", "mes hombre"]));
  });
});
