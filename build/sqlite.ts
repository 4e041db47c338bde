// dumps/fiscal-mx.sqlite: every dataset in one SQLite file, with full-text search over the product and unit catalogs.
import { originWords, revisionWords } from "../lib/datasets/provenance-words.ts";
import sqlite3InitModule from "@sqlite.org/sqlite-wasm";
import { cesantiaBands } from "../sources/imss.ts";
import { LICENSE } from "../core/service-config.ts";
import type { DatasetStatus, StatusDocument } from "../core/schemas.ts";
import type { BundleDataset, SearchTablesJson, SourceTables } from "./bundle-types.ts";
import { columnsOf, createTableSql, insertSql, jsonChunks, quote, tableName, type SqliteTable } from "./sqlite-schema.ts";

/**
 * A table and the status entry it is counted against (the hand-kept tables the UMA dump combines). A dump's table
 * is made when it is written, from records parsed then, and dropped once its rows are in.
 */
interface TableOf {
  name: string;
  records: number;
  table: () => SqliteTable;
  dataset: string;
  coverage: { first: string | null; last: string | null };
  source: string;
}

/** One table per dump, keyed as the API looks its records up. */
const dumpTables = (datasets: BundleDataset[]): TableOf[] =>
  datasets.map((ds) => ({
    name: tableName(ds.id),
    records: ds.records,
    table: () => {
      const rows = ds.rows();
      return { name: tableName(ds.id), columns: columnsOf(rows), key: ds.key, rows };
    },
    dataset: ds.id,
    coverage: ds.coverage,
    source: ds.source,
  }));

const years = (rows: { year: number }[]) => ({ first: String(rows[0]?.year ?? ""), last: String(rows.at(-1)?.year ?? "") });

/**
 * The hand-kept tables behind the UMA dump, as published (the dump joins them per year): the minimum wage,
 * the IMSS and INFONAVIT contribution rates, and the employer's cesantía y vejez percent per year and band.
 */
function sourceTables(d: SourceTables, status: StatusDocument): TableOf[] {
  const source = (id: string) => status.datasets.find((s) => s.id === id)?.publisher ?? id;
  const wage = d["salario-minimo"].map(({ year, general, borderZone, inForceFrom }) => ({ year, general, borderZone, inForceFrom }));
  const rates = d.imss.rates.map(({ row: _, ...r }) => r);
  const bands = d.imss.cesantia.flatMap(({ year, percents }) =>
    percents.map((employerPercent, i) => ({ year, band: cesantiaBands[i] ?? String(i + 1), employerPercent })),
  );
  const table = (name: string, rows: object[], key: string[]): Pick<TableOf, "name" | "records" | "table"> => ({
    name,
    records: rows.length,
    table: () => ({ name, columns: columnsOf(rows), key, rows }),
  });
  return [
    { ...table("salario_minimo", wage, ["year"]), dataset: "salario-minimo", coverage: years(wage), source: source("salario-minimo") },
    { ...table("imss_cuotas", rates, ["concept"]), dataset: "imss", coverage: { first: null, last: null }, source: source("imss") },
    {
      ...table("imss_cesantia", bands, ["year", "band"]),
      dataset: "imss",
      coverage: years(d.imss.cesantia),
      source: source("imss"),
    },
  ];
}

/** The `datasets` table: provenance of every other table, from the status document the API publishes. */
function datasetsTable(tables: TableOf[], status: StatusDocument): SqliteTable {
  const byId = new Map<string, DatasetStatus>(status.datasets.map((s) => [s.id, s]));
  const rows = tables.map((t) => {
    const s = byId.get(t.dataset);
    return {
      table_name: t.name,
      dataset: t.dataset,
      title: s?.title ?? null,
      source: t.source,
      publisher_url: s?.officialUrl ?? null,
      raw_file: s?.raw?.file ?? null,
      raw_sha256: s?.raw?.sha256 ?? null,
      origin: s === undefined ? null : originWords(s),
      revision: s === undefined ? null : revisionWords(s),
      records: t.records,
      first_key: t.coverage.first,
      last_key: t.coverage.last,
      license: LICENSE.name,
      license_url: LICENSE.url,
    };
  });
  return { name: "datasets", columns: columnsOf(rows), key: ["table_name"], rows };
}

/**
 * Full-text search, accent-insensitive (unicode61 remove_diacritics 2, SQLite 3.27+). The tables hold
 * their own copy of the text: an external-content index would point at rowids that VACUUM may renumber.
 */
const FTS = [
  {
    name: "clave_prod_serv_fts",
    from: "cfdi_clave_prod_serv",
    columns: ["code", "description", "palabrasSimilares"],
  },
  { name: "clave_unidad_fts", from: "cfdi_clave_unidad", columns: ["code", "description", "descripcion", "simbolo"] },
] as const;

function ftsSql(): string[] {
  return FTS.flatMap((f) => {
    const [code, ...text] = f.columns;
    const defs = [`${quote(code)} UNINDEXED`, ...text.map(quote), "tokenize = 'unicode61 remove_diacritics 2'"];
    return [
      `CREATE VIRTUAL TABLE ${quote(f.name)} USING fts5(${defs.join(", ")})`,
      `INSERT INTO ${quote(f.name)} (${f.columns.map(quote).join(", ")}) SELECT ${f.columns.map(quote).join(", ")} FROM ${quote(f.from)} ORDER BY "code"`,
      `INSERT INTO ${quote(f.name)} (${quote(f.name)}) VALUES ('optimize')`,
    ];
  });
}

/**
 * The API's search offline (docs/search.md#offline): `search_fts` holds per entry of every searchable catalog the
 * words the API's search reads, analysed (stems, accents folded, class words, synonyms), one column per field,
 * so that a plain FTS5 query ranks as the API does; `search_words` turns a user's word into its stem (an FTS5
 * table too, so that case and accents fold as in the entries). Both hold their own copy of the text.
 */
const SEARCH_TOKENIZE = "tokenize = 'unicode61 remove_diacritics 2'";
export const SEARCH_TABLES_SQL: readonly string[] = [
  `CREATE VIRTUAL TABLE "search_fts" USING fts5("catalog" UNINDEXED, "family" UNINDEXED, "code" UNINDEXED, "description" UNINDEXED, "standing" UNINDEXED, "form" UNINDEXED, "forms" UNINDEXED, "head" UNINDEXED, "size" UNINDEXED, "name", "other", "plain", "inherited", "synonyms", "wname" UNINDEXED, "wother" UNINDEXED, "wplain" UNINDEXED, "winherited" UNINDEXED, "aliases" UNINDEXED, ${SEARCH_TOKENIZE})`,
  `CREATE TABLE "search_idf" ("stem" TEXT PRIMARY KEY, "name" REAL, "other" REAL, "plain" REAL, "inherited" REAL) WITHOUT ROWID`,
  `CREATE VIRTUAL TABLE "search_words" USING fts5("word", "stem" UNINDEXED, "form" UNINDEXED, ${SEARCH_TOKENIZE})`,
];

const SEARCH_ROW_SQL = `INSERT INTO "search_fts" SELECT value->>'catalog', value->>'family', value->>'code', value->>'description', value->>'standing', value->>'form', value->>'forms', value->>'head', value->>'size', value->>'name', value->>'other', value->>'plain', value->>'inherited', value->>'synonyms', value->>'wname', value->>'wother', value->>'wplain', value->>'winherited', value->>'aliases' FROM json_each(?)`;
const SEARCH_IDF_SQL = `INSERT INTO "search_idf" SELECT value->>'stem', value->>'name', value->>'other', value->>'plain', value->>'inherited' FROM json_each(?)`;
const SEARCH_WORD_SQL = `INSERT INTO "search_words" SELECT value->>'word', value->>'stem', value->>'form' FROM json_each(?)`;

/**
 * The database's bytes. Built in memory, in one transaction, in a fixed order: the same records give the
 * same file (SQLite writes no time, and the library version is pinned).
 */
export async function sqliteDump(
  datasets: BundleDataset[],
  d: SourceTables,
  status: StatusDocument,
  search: SearchTablesJson,
): Promise<Uint8Array> {
  // A fresh instance each time, not kept: its WebAssembly memory (the whole database) never shrinks, and
  // dropped, it is freed before the rest of the build reaches its peak.
  const sqlite3 = await sqlite3InitModule({ print: () => {}, printErr: () => {} });
  const db = new sqlite3.oo1.DB(":memory:", "c");
  try {
    const tables = [...dumpTables(datasets), ...sourceTables(d, status)];
    db.exec("PRAGMA page_size = 4096; PRAGMA encoding = 'UTF-8'; PRAGMA journal_mode = OFF; BEGIN");
    for (const made of [...tables.map((t) => t.table), () => datasetsTable(tables, status)]) {
      const t = made();
      db.exec(createTableSql(t));
      const sql = insertSql(t);
      for (const chunk of jsonChunks(t.rows)) db.exec({ sql, bind: [chunk] });
    }
    for (const sql of ftsSql()) db.exec(sql);
    for (const sql of SEARCH_TABLES_SQL) db.exec(sql);
    for (const [sql, chunks] of [
      [SEARCH_ROW_SQL, search.rows],
      [SEARCH_IDF_SQL, search.idf],
      [SEARCH_WORD_SQL, search.words],
    ] as const)
      for (const chunk of chunks) db.exec({ sql, bind: [chunk] });
    for (const t of ["search_fts", "search_words"]) db.exec(`INSERT INTO "${t}" ("${t}") VALUES ('optimize')`);
    db.exec("COMMIT");
    return sqlite3.capi.sqlite3_js_db_export(db.pointer!);
  } finally {
    db.close();
  }
}
