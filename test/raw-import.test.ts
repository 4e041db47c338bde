// `npm run raw:import` as a process: a public copy enters raw/ only through the fetch's checks, and is recorded as a copy.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { nextWeekday } from "../core/dates.ts";
import type { Manifest } from "../lib/datasets/records.ts";
import { rawFix } from "./helpers/raw-facts.ts";
import { RAW_DIR, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIX = "banxico/SF43718.json";
const COPY = { repository: "owner/name", path: "data.json", commit: "0123456789abcdef0123456789abcdef01234567", covers: null };

afterAll(removeTempDirs);

function runImport(args: string[]): { code: number | null; out: string } {
  const run = spawnSync(process.execPath, [...nodeArgs("tools/raw-import.ts"), ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: run.status, out: run.stdout + run.stderr };
}

/** A copy of raw/ to import into, and a directory holding the FIX as `edit` leaves the committed one. */
function setup(edit: (datos: { fecha: string; dato: string }[]) => void): { raw: string; from: string; copies: string } {
  const raw = tempDir("import-raw");
  cpSync(RAW_DIR, raw, { recursive: true });
  const from = tempDir("import-from");
  const answer = JSON.parse(readFileSync(join(RAW_DIR, FIX), "utf8")) as {
    bmx: { series: { datos: { fecha: string; dato: string }[] }[] };
  };
  edit(answer.bmx.series[0]!.datos);
  mkdirSync(join(from, "banxico"));
  writeFileSync(join(from, FIX), `${JSON.stringify(answer)}\n`);
  const copies = join(from, "copies.json");
  writeFileSync(copies, JSON.stringify({ [FIX]: [COPY] }));
  return { raw, from, copies };
}

describe("raw:import", () => {
  it("refuses a copy that is worse than the file in place and changes nothing (exit 1)", () => {
    const { raw, from, copies } = setup((datos) => datos.splice(-2));
    const before = treeDigest(raw);
    const run = runImport(["--from", from, "--copies", copies, "--raw", raw]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(`${FIX}: la última fecha retrocede: ${rawFix().at(-1)!.date}`);
    expect(treeDigest(raw)).toEqual(before);
  });

  it("lets a newer copy in and records it as a copy, with its repository and commit and no fetch time", () => {
    const next = nextWeekday(rawFix().at(-1)!.date);
    const { raw, from, copies } = setup((datos) => datos.push({ fecha: next.split("-").reverse().join("/"), dato: "18.0000" }));
    const run = runImport(["--from", from, "--copies", copies, "--raw", raw]);
    expect(run.code, run.out).toBe(0);
    expect(readFileSync(join(raw, FIX)).equals(readFileSync(join(from, FIX)))).toBe(true);
    const entry = (JSON.parse(readFileSync(join(raw, "manifest.json"), "utf8")) as Manifest).files[FIX]!;
    expect(entry).toMatchObject({ kind: "copy", source: "banxico", copies: [COPY], rows: rawFix().length + 1, last: next });
    expect(entry).not.toHaveProperty("fetchedAt");
  });

  it("is a usage error without its arguments or with a file no source produces (exit 2)", () => {
    expect(runImport(["--from", RAW_DIR]).code).toBe(2);
    const from = tempDir("import-unknown");
    const copies = join(from, "copies.json");
    writeFileSync(copies, JSON.stringify({ "banxico/SF99999.json": [COPY] }));
    const run = runImport(["--from", from, "--copies", copies, "--raw", tempDir("import-raw-unknown")]);
    expect(run.code).toBe(2);
    expect(run.out).toContain("banxico/SF99999.json");
  });
});
