// Debian's sqlite3 command-line tool, a SQLite independent of the build's, installed when missing (root, apt-get).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const SQLITE_CLI = "/usr/bin/sqlite3";

/** Installs Debian's sqlite3 package when the tool is missing and this is root with apt-get; else says how. */
export function ensureSqliteCli(): void {
  if (existsSync(SQLITE_CLI)) return;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.warn("sqlite3 is missing: install Debian's package (sudo apt-get install -y sqlite3)");
    return;
  }
  const apt = (args: string[]): boolean =>
    spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
  const install = ["install", "-y", "--no-install-recommends", "sqlite3"];
  console.log(`sqlite3 is missing (offline dump tests): apt-get ${install.join(" ")}`);
  if (!apt(install)) apt(["update"]) && apt(install);
}

/** Fails saying how to get the tool when it is missing. */
function requireCli(): void {
  if (!existsSync(SQLITE_CLI)) throw new Error(`${SQLITE_CLI} is missing: install Debian's sqlite3 package (apt-get install -y sqlite3)`);
}

/** The rows of a query, read by the sqlite3 tool in JSON mode (an empty result prints nothing). */
export function sqliteQuery<T = Record<string, unknown>>(file: string, sql: string): T[] {
  requireCli();
  const out = execFileSync(SQLITE_CLI, ["-readonly", "-json", file, sql], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return out.trim() === "" ? [] : (JSON.parse(out) as T[]);
}

/**
 * The rows of each of `queries`, read by one run of the sqlite3 tool (a run per query cost the offline-dump tests
 * some 190 processes): each query's result follows a marker row of its own, since an empty result prints nothing.
 */
export function sqliteQueries<T = Record<string, unknown>>(file: string, queries: readonly string[]): T[][] {
  requireCli();
  const script = queries.map((q, i) => `SELECT ${i} AS fiscal_mx_query;\n${q.trim().replace(/;$/, "")};\n`).join("");
  const out = execFileSync(SQLITE_CLI, ["-readonly", "-json", file], { input: script, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  // JSON mode prints each result as an array whose rows are on lines of their own; a newline is never inside a
  // JSON string, so every line that starts with "[" starts a result.
  const results: T[][] = [];
  for (const part of out.trim() === "" ? [] : out.trim().split(/\n(?=\[)/)) {
    const rows = JSON.parse(part) as Record<string, unknown>[];
    const marker =
      rows.length === 1 && Object.keys(rows[0]!).join() === "fiscal_mx_query" ? Number(rows[0]!["fiscal_mx_query"]) : undefined;
    if (marker !== undefined && marker === results.length) results.push([]);
    else if (results.length === 0 || results.at(-1)!.length > 0)
      throw new Error(`sqlite3: a result where none was expected: ${part.slice(0, 200)}`);
    else results[results.length - 1] = rows as T[];
  }
  if (results.length !== queries.length) throw new Error(`sqlite3 answered ${results.length} of ${queries.length} queries`);
  return results;
}
