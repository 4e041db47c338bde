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

/** The rows of a query, read by the sqlite3 tool in JSON mode (an empty result prints nothing). */
export function sqliteQuery<T = Record<string, unknown>>(file: string, sql: string): T[] {
  if (!existsSync(SQLITE_CLI)) throw new Error(`${SQLITE_CLI} is missing: install Debian's sqlite3 package (apt-get install -y sqlite3)`);
  const out = execFileSync(SQLITE_CLI, ["-readonly", "-json", file, sql], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return out.trim() === "" ? [] : (JSON.parse(out) as T[]);
}
