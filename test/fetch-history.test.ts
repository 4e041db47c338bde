// raw/ in git: the nightly's commit message from two manifests, its commit, and raw/ as it was on a past date.
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest, ManifestEntry } from "../lib/datasets/records.ts";
import { rawCommitMessage } from "../tools/raw-commit-message.ts";
import { nextWeekday } from "../core/dates.ts";
import { runFetchChild } from "./helpers/fetch-child.ts";
import { FakePublishers } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { RAW_DIR, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const committed = JSON.parse(readFileSync(join(RAW_DIR, "manifest.json"), "utf8")) as Manifest;
const FIX_FILE = "banxico/SF43718.json";
/** The committed FIX's rows and latest date, and the banking day a new observation would have. */
const FIX_ROWS = committed.files[FIX_FILE]!.rows;
const NEXT_FIX = nextWeekday(committed.files[FIX_FILE]!.last!);

/** The committed manifest with some entries changed as a fetch would change them. */
function manifestAfter(changes: Record<string, Partial<ManifestEntry> | null>): Manifest {
  const files = { ...committed.files };
  for (const [file, change] of Object.entries(changes)) {
    if (change === null) delete files[file];
    else files[file] = { ...(files[file] ?? committed.files["banxico/SF43718.json"]!), sha256: "f".repeat(64), ...change } as ManifestEntry;
  }
  return { files };
}

describe("the nightly's commit message", () => {
  it("names each series by its latest date or period", () => {
    const message = rawCommitMessage(
      committed,
      manifestAfter({
        "banxico/SF43718.json": { last: "2026-11-20", rows: 8801 },
        "inegi/inpc-628194.json": { last: "2026-10", rows: 322 },
      }),
    );
    expect(message?.split("\n")[0]).toBe("FIX hasta 2026-11-20; INPC 2026-10");
    expect(message).toContain(`banxico/SF43718.json: ${FIX_ROWS} → 8801 filas, 1991-11-12 … 2026-11-20`);
    expect(message).toContain("inegi/inpc-628194.json: 320 → 322 filas, 2000-01 … 2026-10");
  });

  it("says when a series was revised without new dates, and groups catalog sheets by workbook", () => {
    const sheets = ["c_Aduana", "c_Moneda", "c_Pais", "c_UsoCFDI"].map((s) => `sat/catCFDI/${s}.csv`);
    const message = rawCommitMessage(
      committed,
      manifestAfter({
        "banxico/SP68257.json": {},
        ...Object.fromEntries(sheets.map((s) => [s, { ...committed.files[s], sha256: "e".repeat(64) }])),
        "sat/catNomina/c_Banco.csv": { ...committed.files["sat/catNomina/c_Banco.csv"], sha256: "d".repeat(64), rows: 107 },
      }),
    );
    expect(message?.split("\n")[0]).toBe("UDI revisado; CFDI 4.0: c_Aduana, c_Moneda, c_Pais y 1 más; Nómina: c_Banco");
    expect(message).toContain("sat/catNomina/c_Banco.csv: 106 → 107 filas, 002 … 902");
  });

  it("names new and retired files", () => {
    const message = rawCommitMessage(
      committed,
      manifestAfter({
        "banxico/SF43718.json": null,
        "banxico/SF60653.json": { first: "2008-11-10", last: "2026-11-20", rows: 4500 },
      }),
    );
    expect(message?.split("\n")[0]).toBe("SF60653 hasta 2026-11-20; retirados: banxico/SF43718.json");
    expect(message).toContain("banxico/SF60653.json: nuevo, 4500 filas, 2008-11-10 … 2026-11-20");
    expect(message).toContain(`banxico/SF43718.json: retirado (tenía ${FIX_ROWS} filas)`);
  });

  it("is null when only fetch times moved (every publisher answered 304)", () => {
    const touched = Object.fromEntries(
      Object.entries(committed.files).map(([f, e]) => [f, { ...e, fetchedAt: "2026-11-22T18:31:00.000Z" }]),
    );
    expect(rawCommitMessage(committed, { files: touched })).toBeNull();
    expect(rawCommitMessage(committed, committed)).toBeNull();
  });
});

describe("raw/ history in a repository", () => {
  let fake: FakePublishers;
  let repo: string;
  const sh = (args: string[], env: Record<string, string> = {}): string =>
    execFileSync(args[0]!, args.slice(1), {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
  const node = (script: string, args: string[], env: Record<string, string> = {}): string =>
    sh([process.execPath, ...nodeArgs(script), ...args], env);
  const at = (iso: string): Record<string, string> => ({ GIT_COMMITTER_DATE: iso, GIT_AUTHOR_DATE: iso });
  const gitIn = (args: string[], env: Record<string, string> = {}): string => sh(["git", "-C", repo, ...args], env);

  beforeAll(async () => {
    fake = await new FakePublishers(snapshotWorkbook()).start();
    repo = tempDir("fetch-history");
    gitIn(["init", "--quiet", "--initial-branch=main"]);
    gitIn(["config", "user.name", "Fiscal MX nightly"]);
    gitIn(["config", "user.email", "nightly@fiscal-mx.example"]);
    for (const part of ["banxico", "inegi", "manifest.json"]) cpSync(join(RAW_DIR, part), join(repo, "raw", part), { recursive: true });
    gitIn(["add", "raw"]);
    gitIn(["commit", "--quiet", "-m", "raw/: snapshot"], at("2026-08-21T18:40:00-06:00"));
  });

  afterAll(async () => {
    await fake.close();
    removeTempDirs();
  });

  it("a fetch that brings a new FIX is committed once, with a message naming it; a second run commits nothing", async () => {
    const sie = JSON.parse(fake.banxicoJson) as { bmx: { series: { datos: { fecha: string; dato: string }[] }[] } };
    sie.bmx.series[0]!.datos.push({ fecha: NEXT_FIX.split("-").reverse().join("/"), dato: "18.7012" });
    fake.banxicoJson = JSON.stringify(sie);
    const run = await runFetchChild(["--only=banxico,inegi"], fake.env({ FISCAL_RAW_DIR: join(repo, "raw") }));
    expect(run.code, run.stdout + run.stderr).toBe(0);

    // The first download after the seed also records that the other four files, unchanged, now come from their publishers.
    const subject = `TIIE de fondeo descargado del publicador; FIX hasta ${NEXT_FIX}; TIIE 28 descargado del publicador; UDI descargado del publicador; INPC descargado del publicador`;
    const printed = node("tools/raw-commit.ts", ["--repo", repo], at("2026-08-24T12:40:00-06:00"));
    expect(printed).toMatch(new RegExp(`^[0-9a-f]{7,} ${subject}\n`));
    const body = gitIn(["log", "-1", "--format=%B"]);
    expect(body.startsWith(`${subject}\n\n`)).toBe(true);
    expect(body).toContain(`${FIX_FILE}: ${FIX_ROWS} → ${FIX_ROWS + 1} filas, 1991-11-12 … ${NEXT_FIX}; descargado del publicador\n`);
    // The FIX file and the manifest, nothing else (no lock, no temporary file).
    expect(gitIn(["show", "--name-only", "--format=", "HEAD"]).trim().split("\n").sort()).toEqual([
      "raw/banxico/SF43718.json",
      "raw/manifest.json",
    ]);
    expect(gitIn(["status", "--porcelain"])).toBe("");

    const again = await runFetchChild(["--only=banxico,inegi"], fake.env({ FISCAL_RAW_DIR: join(repo, "raw") }));
    expect(again.code).toBe(0);
    expect(node("tools/raw-commit.ts", ["--repo", repo])).toMatch(/raw\/: ningún archivo cambió/);
    expect(gitIn(["rev-list", "--count", "HEAD"]).trim()).toBe("2");
  });

  it("raw:as-of extracts raw/ as it was at the end of a past day, and refuses what it cannot do", () => {
    const before = tempDir("fetch-history-0822");
    const out = node("tools/raw-as-of.ts", ["2026-08-22", before, "--repo", repo]);
    expect(out).toMatch(/raw\/ de [0-9a-f]{12} \(2026-08-21T18:40:00-06:00 raw\/: snapshot\)/);
    expect(treeDigest(before)).toEqual(digestOfCommit("HEAD~1"));
    const later = tempDir("fetch-history-0824");
    node("tools/raw-as-of.ts", ["2026-08-24", later, "--repo", repo]);
    expect(readFileSync(join(later, "banxico/SF43718.json"), "utf8")).toContain(NEXT_FIX.split("-").reverse().join("/"));
    expect(readFileSync(join(before, "banxico/SF43718.json")).equals(readFileSync(join(RAW_DIR, "banxico/SF43718.json")))).toBe(true);

    expect(() => node("tools/raw-as-of.ts", ["2026-08-20", tempDir("fetch-history-none"), "--repo", repo])).toThrow(
      /ningún commit de raw\/ hasta el 2026-08-20/,
    );
    expect(() => node("tools/raw-as-of.ts", ["2026-02-30", tempDir("fetch-history-bad"), "--repo", repo])).toThrow(
      /fecha inválida "2026-02-30"/,
    );
    writeFileSync(join(later, "x"), "");
    expect(() => node("tools/raw-as-of.ts", ["2026-08-24", later, "--repo", repo])).toThrow(/ya existe y no está vacío/);
  });

  /** The raw/ tree of a commit of the test repository, as file → sha256. */
  function digestOfCommit(rev: string): Map<string, string> {
    const dir = tempDir("fetch-history-rev");
    execFileSync("sh", ["-c", `git -C "${repo}" archive ${rev} raw | tar -x -C "${dir}" --strip-components=1`]);
    return treeDigest(dir);
  }
});
