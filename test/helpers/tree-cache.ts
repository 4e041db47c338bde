// The test tree cache: the real, the small and the tiny snapshot's trees and SAT's workbook, built into the checkout's cache once per set of inputs; the build is imported only when a tree is missing, so a warm run loads none of it.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { AS_OF, RAW_DIR } from "./tree.ts";
import { inputsHash } from "./cache-key.ts";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Inside node_modules: it belongs to this checkout, is ignored by git, and goes away with `npm ci`. */
const CACHE = join(ROOT, "node_modules/.cache/fiscal-mx-test");

/**
 * Deletes trees of older inputs in a detached process: deleting 54,000 files takes seconds and makes
 * the file system slower to create files for minutes after (see bench/build.ts), so not on this run's path.
 */
function dropInBackground(paths: string[]): void {
  if (paths.length === 0) return;
  spawn("rm", ["-rf", ...paths], { detached: true, stdio: "ignore" }).unref();
}

type CacheNames = { snapshot: string; small: string; tiny: string; workbook: string };

/**
 * The cache's names for these inputs: the snapshot's tree, the small and the tiny snapshot's (test/helpers/raw.ts cuts
 * the inputs short, so its code is part of their key) and SAT's workbook. Every other entry of the cache is of older inputs and goes.
 */
function currentNames(): CacheNames {
  const snapshot = inputsHash(ROOT, RAW_DIR, AS_OF);
  const codeHash = (...files: string[]): string => {
    const hash = createHash("sha256");
    for (const f of files) hash.update(readFileSync(join(ROOT, f)));
    return hash.digest("hex").slice(0, 8);
  };
  const cut = codeHash("test/helpers/raw.ts");
  // The workbook is written by these two from the snapshot's CSVs and sources/ (both in the snapshot's key).
  const book = codeHash("test/helpers/sat-workbook.ts", "test/helpers/biff8.ts");
  const current = [snapshot, `${snapshot}-small-${cut}`, `${snapshot}-tiny-${cut}`, `${snapshot}-catCFDI-${book}.xls`];
  mkdirSync(CACHE, { recursive: true });
  // A tree another run is building here is named `<name>.<pid>` until it is complete.
  const stale = readdirSync(CACHE).filter((entry) => !current.some((name) => entry === name || entry.startsWith(`${name}.`)));
  dropInBackground(stale.map((entry) => join(CACHE, entry)));
  return { snapshot, small: current[1]!, tiny: current[2]!, workbook: current[3]! };
}

let names: CacheNames | undefined;
/** The names, worked out (and the stale trees dropped) once per process. */
const cacheNames = (): CacheNames => (names ??= currentNames());

/** The tree cached under `name`, built by `build` when missing and reused by every later run until an input changes. */
async function cachedTree(name: string, build: (outDir: string) => Promise<unknown>): Promise<string> {
  const final = join(CACHE, name);
  if (existsSync(join(final, "index.html"))) return final;
  // Built under a name of its own, so that a concurrent run in this checkout never sees it half-made.
  const own = `${final}.${process.pid}`;
  await build(own);
  if (existsSync(final)) dropInBackground([own]);
  else renameSync(own, final);
  return final;
}

/** The snapshot's tree for these inputs. */
export const snapshotDist = (): Promise<string> =>
  cachedTree(cacheNames().snapshot, async (outDir) => {
    const { buildTree } = await import("../../build/pipeline.ts");
    return buildTree({ rawDir: RAW_DIR, asOf: AS_OF, outDir, env: {} });
  });

/**
 * The small snapshot's tree (test/helpers/raw.ts), for the suites that need a built tree of it as it is: five
 * of them built the same one, each about 2 s of CPU. A suite that changes it works on a copy.
 */
export const smallSnapshotDist = (): Promise<string> => cutTree(cacheNames().small, "smallRaw");

/** The tiny snapshot's tree (test/helpers/raw.ts tinyRaw()), the previous tree of the tests of a build as a process. */
export const tinySnapshotDist = (): Promise<string> => cutTree(cacheNames().tiny, "tinyRaw");

/** The tree of a cut of the snapshot (test/helpers/raw.ts), cached under `name`. */
const cutTree = (name: string, cut: "smallRaw" | "tinyRaw"): Promise<string> =>
  cachedTree(name, async (outDir) => {
    const [{ buildTree }, cuts] = await Promise.all([import("../../build/pipeline.ts"), import("./raw.ts")]);
    const rawDir = cuts[cut]();
    try {
      await buildTree({ rawDir, asOf: AS_OF, outDir, env: {} });
    } finally {
      // Its own copy only: the other cut may still be building from its own.
      rmSync(rawDir, { recursive: true, force: true });
    }
  });

/**
 * SAT's workbook as the fake publishers serve it (13 MB, about 1.2 s of CPU to write): five suites made it
 * each; written once into the cache and read from there.
 */
export async function satWorkbook(): Promise<string> {
  const final = join(CACHE, cacheNames().workbook);
  if (existsSync(final)) return final;
  const { buildWorkbook } = await import("./sat-workbook.ts");
  const own = `${final}.${process.pid}`;
  writeFileSync(own, buildWorkbook());
  renameSync(own, final);
  return final;
}
