// Global setup of `npm run test:quick`: the small snapshot's tree (test/helpers/raw.ts, about 3,500 files) from the same cache as `npm test`; no whole tree, server or Chromium, and nothing of the build loaded when that tree is cached.
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { smallSnapshotDist } from "./helpers/tree-cache.ts";

export default async function setup(project: TestProject): Promise<void> {
  const given = process.env["FISCAL_DIST_DIR"];
  project.provide("distDir", given ? resolve(given) : await smallSnapshotDist());
}
