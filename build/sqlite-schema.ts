// The tables of dumps/fiscal-mx.sqlite: one per dataset, columns typed from the API records they hold.

/** How a record's field is stored: REAL columns also keep the API's exact decimal text in `<name>_text`. */
type ColumnKind = "text" | "integer" | "real" | "boolean" | "json";

export interface SqliteColumn {
  field: string;
  kind: ColumnKind;
}

export interface SqliteTable {
  name: string;
  columns: SqliteColumn[];
  /** Primary-key fields; empty when the dataset has no natural key (the rowid orders it). */
  key: readonly string[];
  rows: readonly object[];
}

/** A dataset id as an SQL identifier: cfdi-clave-prod-serv → cfdi_clave_prod_serv. */
export const tableName = (datasetId: string): string => datasetId.replaceAll("-", "_");

/** The kind of every value a column holds; a column of mixed kinds is stored as text. */
function kindOf(values: unknown[]): ColumnKind {
  const kinds = new Set<ColumnKind>();
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) kinds.add("json");
    else if (typeof v === "boolean") kinds.add("boolean");
    else if (typeof v === "number") kinds.add(Number.isInteger(v) ? "integer" : "real");
    else kinds.add("text");
  }
  // Integers and fractions in one column are one real column (0 and 0.16 are both rates).
  if (kinds.size === 2 && kinds.has("integer") && kinds.has("real")) return "real";
  if (kinds.size === 1) return [...kinds][0]!;
  return "text";
}

/** Every field of any row, in first-seen order (as the CSV dumps), each with the kind of its values. */
export function columnsOf(rows: readonly object[]): SqliteColumn[] {
  const fields = new Map<string, unknown[]>();
  for (const r of rows) {
    for (const [field, value] of Object.entries(r)) {
      const values = fields.get(field);
      if (values) values.push(value);
      else fields.set(field, [value]);
    }
  }
  return Array.from(fields, ([field, values]) => ({ field, kind: kindOf(values) }));
}

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

const SQL_TYPE: Record<ColumnKind, string> = { text: "TEXT", integer: "INTEGER", real: "REAL", boolean: "INTEGER", json: "TEXT" };

/** The SQL column names of a field: a real one has its exact text beside it. */
const sqlColumns = (c: SqliteColumn): string[] => (c.kind === "real" ? [c.field, `${c.field}_text`] : [c.field]);

/** CREATE TABLE with its primary key; booleans are 0/1, lists JSON arrays, REAL fields doubled by their text. */
export function createTableSql(t: SqliteTable): string {
  const defs = t.columns.flatMap((c) => {
    const main = `${quote(c.field)} ${SQL_TYPE[c.kind]}`;
    return c.kind === "real" ? [main, `${quote(`${c.field}_text`)} TEXT`] : [main];
  });
  if (t.key.length === 0) return `CREATE TABLE ${quote(t.name)} (${defs.join(", ")})`;
  // A keyed table is stored in its key's order, one b-tree instead of a table and its key index.
  defs.push(`PRIMARY KEY (${t.key.map(quote).join(", ")})`);
  return `CREATE TABLE ${quote(t.name)} (${defs.join(", ")}) WITHOUT ROWID`;
}

/** The SQL expressions reading one field of a JSON object (json_each's `value`), in the order of sqlColumns. */
function readField(c: SqliteColumn): string[] {
  const path = `'$."${c.field}"'`;
  // `->` gives a value's JSON text: a number's digits as the API wrote them, a list as its JSON array; null is SQL NULL.
  const text = `NULLIF(value -> ${path}, 'null')`;
  if (c.kind === "real") return [`value ->> ${path}`, text];
  if (c.kind === "json") return [text];
  return [`value ->> ${path}`];
}

/**
 * Inserts every row from one bound JSON array of records, the dump's own JSON text: SQLite's JSON reader does
 * in one call what binding row by row through the WASM boundary took twice the time for.
 */
export function insertSql(t: SqliteTable): string {
  const names = t.columns.flatMap(sqlColumns);
  const values = t.columns.flatMap(readField);
  return `INSERT INTO ${quote(t.name)} (${names.map(quote).join(", ")}) SELECT ${values.join(", ")} FROM json_each(?)`;
}

export { quote };

/**
 * Rows go into SQLite as JSON, this many at a time: a whole catalog's text (13 MB) and SQLite's parse of it
 * made the WebAssembly memory, which never shrinks, grow to 100 MB. The same rows in the same order in one
 * transaction give the same file.
 */
const ROWS_PER_INSERT = 2000;

/** The rows as the JSON texts inserted one after the other, ROWS_PER_INSERT rows each, each made when asked for. */
export function* jsonChunks(rows: readonly object[]): Generator<string> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) yield JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT));
}
