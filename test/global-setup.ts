// Once per test run: the real and the small snapshot's trees, built into the checkout's cache, one local server on the real one, Chromium for the browser suite, netlify-cli for the host's manifests, and the bundled entries.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildTree } from "../build/pipeline.ts";
import { startServer } from "../server/app.ts";
import { AS_OF, RAW_DIR, removeTempDirs } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";
import { findOrInstallChromium, thisHost } from "./helpers/chromium.ts";
import { inputsHash } from "./helpers/cache-key.ts";
import { ensureSqliteCli } from "./helpers/sqlite-cli.ts";
import { bundleEntries } from "./helpers/bundle-entries.ts";
import { buildWorkbook } from "./helpers/sat-workbook.ts";
import { installToolsInBackground } from "./helpers/netlify-tools.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built tree the suites test: FISCAL_DIST_DIR when set (the nightly's fresh dist/), else the snapshot's. */
    distDir: string;
    /**
     * Origin of the local server on that tree (rate limit out of the way), for suites that only speak HTTP
     * to it: loading the tree's 105,800 files takes seconds of CPU, once instead of once per suite.
     */
    serverUrl: string;
    /** The small snapshot's tree, built by the build from smallRaw(); read-only (copy it to change it). */
    smallDistDir: string;
    /** SAT's catCFDI workbook made from the snapshot (test/helpers/sat-workbook.ts buildWorkbook()), for the fake publishers. */
    satWorkbook: string;
  }
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
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

type CacheNames = { snapshot: string; small: string; workbook: string };

/**
 * The cache's names for these inputs: the snapshot's tree, the small snapshot's (test/helpers/raw.ts cuts the inputs
 * short, so its code is part of that key) and SAT's workbook. Every other entry of the cache is of older inputs and goes.
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
  const current = [snapshot, `${snapshot}-small-${cut}`, `${snapshot}-catCFDI-${book}.xls`];
  mkdirSync(CACHE, { recursive: true });
  // A tree another run is building here is named `<name>.<pid>` until it is complete.
  const stale = readdirSync(CACHE).filter((entry) => !current.some((name) => entry === name || entry.startsWith(`${name}.`)));
  dropInBackground(stale.map((entry) => join(CACHE, entry)));
  return { snapshot, small: current[1]!, workbook: current[2]! };
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
  cachedTree(cacheNames().snapshot, (outDir) => buildTree({ rawDir: RAW_DIR, asOf: AS_OF, outDir, env: {} }));

/**
 * The small snapshot's tree (test/helpers/raw.ts), for the suites that need a built tree of it as it is: five
 * of them built the same one, each about 2 s of CPU. A suite that changes it works on a copy.
 */
export const smallSnapshotDist = (): Promise<string> =>
  cachedTree(cacheNames().small, async (outDir) => {
    try {
      await buildTree({ rawDir: smallRaw(), asOf: AS_OF, outDir, env: {} });
    } finally {
      removeTempDirs();
    }
  });

/**
 * SAT's workbook as the fake publishers serve it (13 MB, about 1.2 s of CPU to write): five suites made it
 * each; written once into the cache and read from there.
 */
function satWorkbook(): string {
  const final = join(CACHE, cacheNames().workbook);
  if (existsSync(final)) return final;
  const own = `${final}.${process.pid}`;
  writeFileSync(own, buildWorkbook());
  renameSync(own, final);
  return final;
}

/**
 * The browser suite drives Debian's Chromium through playwright-core: found, or installed when missing
 * and we are root (a fresh machine of the kind CI uses); otherwise the reason is printed, and the suite
 * fails saying the same.
 */
function ensureChromium(): void {
  const result = findOrInstallChromium(thisHost());
  if ("path" in result) process.env["FISCAL_CHROMIUM"] = result.path;
  else console.warn(result.problem);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureChromium();
  ensureSqliteCli();
  // Side by side: esbuild bundles in its own process while the builds (on a fresh clone, about 7 s and 2 s)
  // alternate on this thread and make their SQLite files and workbooks in threads of their own.
  const given = process.env["FISCAL_DIST_DIR"];
  // netlify-cli for test/host-manifests.test.ts, installed here (on a fresh clone) so that no test's timeout holds it.
  const [entries, distDir, smallDistDir] = await Promise.all([
    bundleEntries(ROOT),
    given ? resolve(given) : snapshotDist(),
    smallSnapshotDist(),
    installToolsInBackground(),
  ]);
  project.provide("entryBundles", entries.dir);
  project.provide("distDir", distDir);
  project.provide("smallDistDir", smallDistDir);
  project.provide("satWorkbook", satWorkbook());
  const app = await startServer({ distDir, port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
  project.provide("serverUrl", app.url);
  return async () => {
    await app.close();
    entries.remove();
  };
}
