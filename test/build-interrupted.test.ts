// An interrupted build never needs a person: killed at each step of the swap, the deletion of the previous tree
// included, and again while the next build repairs that, the build run after it publishes the same tree by itself.
import { cpSync, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, type ExpectStatic, inject, it, vi } from "vitest";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";
import { runBuildAsync } from "./helpers/build-cli.ts";

afterAll(removeTempDirs);
// Each test runs the small snapshot's build two or three times as child processes, on a machine others share.
vi.setConfig({ testTimeout: 600_000 });

let raw: string;
let built: { out: string; digest: Map<string, string> };
beforeAll(() => {
  raw = smallRaw();
  const out = inject("smallDistDir");
  built = { out, digest: treeDigest(out) };
});

function builtTree(): string {
  const out = join(tempDir("interrupted"), "dist");
  cpSync(built.out, out, { recursive: true });
  return out;
}

/** Runs the build killed at `point`; it must have died of the kill. */
async function killedAt(expect: ExpectStatic, out: string, point: string): Promise<void> {
  const crashed = await runBuildAsync(["--out", out], { FISCAL_RAW_DIR: raw, FISCAL_BUILD_CRASH: point });
  expect(crashed.signal, `${point}: ${crashed.stderr}`).toBe("SIGKILL");
}

/** The build run next publishes the same tree and leaves nothing beside it. */
async function nextBuildPublishes(expect: ExpectStatic, out: string): Promise<string> {
  const next = await runBuildAsync(["--out", out], { FISCAL_RAW_DIR: raw });
  expect(next.status, next.stderr).toBe(0);
  expect(treeDigest(out)).toEqual(built.digest);
  expect(existsSync(`${out}.old`) || existsSync(`${out}.staging`) || existsSync(`${out}.lock`)).toBe(false);
  return next.stderr;
}

/**
 * Kills one build after another, each at the next point, on the same folder: each run must first repair what the
 * one before it left (else it stops with an error instead of reaching its own point), then the last run publishes.
 * The two chains below run side by side (each on a folder of its own): one after the other, this file was the run's longest.
 */
async function chain(expect: ExpectStatic, points: readonly string[]): Promise<void> {
  const out = builtTree();
  for (const point of points) {
    await killedAt(expect, out, point);
    // What a kill while deleting leaves: a previous tree that still holds its marker, or an empty folder.
    if (existsSync(`${out}.old`)) {
      const left = readdirSync(`${out}.old`);
      expect(left.length === 0 || left.includes(BUILD_MARKER), `${point}: ${left.join(", ")}`).toBe(true);
    }
  }
  const notices = await nextBuildPublishes(expect, out);
  expect(notices).not.toMatch(/no la escribió una compilación/);
}

describe.concurrent("a build killed at each step of the swap", () => {
  it("before, between and after the two renames: each next build repairs what the last left, and the last publishes", async ({
    expect,
  }) => {
    await chain(expect, ["before-renames", "between-renames", "after-renames"]);
  });

  it("at each step of deleting the previous tree, and again while the next build deletes what that left", async ({ expect }) => {
    // The old failure: the recursive delete took the marker first, and every later build refused the folder.
    await chain(expect, [
      "retiring-first-entry",
      "recovering-first-entry",
      "retiring-all-but-marker",
      "recovering-all-but-marker",
      "retiring-marker",
      "recovering-marker",
    ]);
  });
});
