// Global setup of `npm run test:quick`: the snapshot's tree from the same cache as `npm test`, no server, no Chromium.
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { snapshotDist } from "./global-setup.ts";

export default async function setup(project: TestProject): Promise<void> {
  const given = process.env["FISCAL_DIST_DIR"];
  project.provide("distDir", given ? resolve(given) : await snapshotDist());
}
