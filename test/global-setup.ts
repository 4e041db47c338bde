// Once per test run: the real, the small and the tiny snapshot's trees, built into the checkout's cache, one local server on the real one, Chromium for the browser suite, netlify-cli for the host's manifests, and the bundled entries.
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startServer } from "../server/app.ts";
import { findOrInstallChromium, thisHost } from "./helpers/chromium.ts";
import { ensureSqliteCli } from "./helpers/sqlite-cli.ts";
import { bundleEntries } from "./helpers/bundle-entries.ts";
import { ROOT, satWorkbook, smallSnapshotDist, snapshotDist, tinySnapshotDist } from "./helpers/tree-cache.ts";
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
    /** The tiny snapshot's tree (tinyRaw()), for the tests of a build as a process; read-only (copy it to change it). */
    tinyDistDir: string;
    /** SAT's catCFDI workbook made from the snapshot (test/helpers/sat-workbook.ts buildWorkbook()), for the fake publishers. */
    satWorkbook: string;
  }
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
  const [entries, distDir, smallDistDir, tinyDistDir] = await Promise.all([
    bundleEntries(ROOT),
    given ? resolve(given) : snapshotDist(),
    smallSnapshotDist(),
    tinySnapshotDist(),
    installToolsInBackground(),
  ]);
  project.provide("entryBundles", entries.dir);
  project.provide("distDir", distDir);
  project.provide("smallDistDir", smallDistDir);
  project.provide("tinyDistDir", tinyDistDir);
  project.provide("satWorkbook", await satWorkbook());
  const app = await startServer({ distDir, port: 0, env: { FISCAL_RATE_LIMIT: "1000000" } });
  project.provide("serverUrl", app.url);
  return async () => {
    await app.close();
    entries.remove();
  };
}
