// An interrupted build never needs a person: killed at each step of the swap, the deletion of the previous tree
// included, and again while the next build repairs that, the build run after it publishes the same tree by itself.
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { tinyRaw } from "./helpers/raw.ts";
import { runBuildAsync } from "./helpers/build-cli.ts";

afterAll(removeTempDirs);

let raw: string;
/** The tiny snapshot's tree (test/global-setup.ts): what each build here makes, none of the corpus being under test. */
let built: { out: string; digest: Map<string, string> };
beforeAll(() => {
  raw = tinyRaw();
  const out = inject("tinyDistDir");
  built = { out, digest: treeDigest(out) };
});

function builtTree(): string {
  const out = join(tempDir("interrupted"), "dist");
  cpSync(built.out, out, { recursive: true });
  return out;
}

const build = (out: string, crash?: string) =>
  runBuildAsync(["--out", out], { FISCAL_RAW_DIR: raw, ...(crash !== undefined && { FISCAL_BUILD_CRASH: crash }) });

/** What the kill between the two renames leaves: no tree, the previous one whole as `.old`, the staged one and the lock. */
function leftBetweenRenames(out: string): void {
  expect(existsSync(out)).toBe(false);
  expect(treeDigest(`${out}.old`)).toEqual(built.digest);
  expect(existsSync(`${out}.staging`) && existsSync(`${out}.lock`)).toBe(true);
}

/** What the build after that kill says it repaired, before it goes on (here, to be killed at its own point). */
function repairedBetweenRenames(out: string, stderr: string, pid: string): void {
  expect(stderr).toContain(`Se encontró el candado ${out}.lock de una compilación que ya no corre (pid ${pid})`);
  expect(stderr).toContain(`faltaba ${out} y quedaba ${out}.old, el último árbol completo; se restauró en ${out}`);
  expect(stderr).toContain(`Quedaba ${out}.staging de una compilación interrumpida antes de publicar; se descartó`);
}

/**
 * Kills one build after another on the same folder, each at the next step of the swap and of the deletions: each
 * run must first repair what the one before it left (else it stops with an error instead of reaching its own
 * point), then the last run publishes the same tree by itself and leaves nothing beside it. One chain, not one per
 * family of points: each chain ends with a whole build of its own.
 */
const POINTS = [
  "before-renames",
  "between-renames",
  "after-renames",
  // The old failure: the recursive delete took the marker first, and every later build refused the folder.
  "retiring-first-entry",
  "recovering-first-entry",
  "retiring-all-but-marker",
  "recovering-all-but-marker",
  "retiring-marker",
  "recovering-marker",
] as const;

describe("a build killed at each step of the swap and of the deletions", () => {
  it("each next build repairs what the last left, and the last publishes the same tree", async () => {
    const out = builtTree();
    let previous: { point: string; pid: string } | undefined;
    for (const point of POINTS) {
      const crashed = await build(out, point);
      expect(crashed.signal, `${point}: ${crashed.stderr}`).toBe("SIGKILL");
      if (previous?.point === "between-renames") repairedBetweenRenames(out, crashed.stderr, previous.pid);
      if (point === "between-renames") leftBetweenRenames(out);
      // What a kill while deleting leaves: a previous tree that still holds its marker, or an empty folder.
      if (existsSync(`${out}.old`)) {
        const left = readdirSync(`${out}.old`);
        expect(left.length === 0 || left.includes(BUILD_MARKER), `${point}: ${left.join(", ")}`).toBe(true);
      }
      previous = { point, pid: String(crashed.pid) };
    }
    const next = await build(out);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).not.toMatch(/no la escribió una compilación/);
    // Over the tree the chain kept (the same inputs), the build writes every file again and removes none.
    expect(next.stdout).toContain(`Fiscal MX: ${built.digest.size - 1} archivos`);
    expect(next.stdout).toMatch(/; 0 eliminados;/);
    expect(treeDigest(out)).toEqual(built.digest);
    expect(existsSync(`${out}.old`) || existsSync(`${out}.staging`) || existsSync(`${out}.lock`)).toBe(false);
  });
});
