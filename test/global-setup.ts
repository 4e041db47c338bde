// Builds the publish directory once per test run (from the real snapshot) and hands its path to every suite.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import type { TestProject } from "vitest/node";
import { buildSite } from "../build/pipeline.ts";
import { AS_OF, RAW_DIR } from "./helpers/tree.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The built tree the suites test: FISCAL_DIST_DIR when set (the nightly's fresh dist/), else the snapshot's. */
    distDir: string;
  }
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Hash of everything the build reads from the repository, so a cached tree is never stale. */
function sourceHash(): string {
  const hash = createHash("sha256").update(AS_OF);
  for (const f of fg.sync(["build/**/*.ts", "sources/**/*.ts", "lib/**/*.ts", "content/**/*.ts", "site/**/*"], { cwd: ROOT }).sort()) {
    hash.update(f).update(readFileSync(join(ROOT, f)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The snapshot's tree, cached in the temp directory under the hash of the sources (reused by later runs). */
async function snapshotDist(): Promise<string> {
  const cache = join(tmpdir(), "fmx-test-dist");
  const final = join(cache, sourceHash());
  if (existsSync(join(final, "index.html"))) return final;
  // Older trees of this cache are stale by construction.
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const staging = `${final}.${process.pid}`;
  await buildSite({ rawDir: RAW_DIR, asOf: AS_OF, outDir: staging, env: {} });
  renameSync(staging, final);
  return final;
}

export default async function setup(project: TestProject): Promise<void> {
  const given = process.env["FISCAL_DIST_DIR"];
  project.provide("distDir", given ? resolve(given) : await snapshotDist());
}
