// The order the test files start in: the long ones first, in the same order on a fresh clone as on a warm checkout.
import { basename } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (wall, `npm run bench:tests`), longest first. Vitest's own order runs the longest
 * first only once it has timings of a previous run; a fresh clone has none, so it ran the largest files first,
 * and build-safety (25 s, a small file) started among the last and ran alone at the end. A file not listed
 * keeps Vitest's order after these.
 */
const FIRST = [
  "browser",
  "build-safety",
  "host-manifests",
  "build-interrupted",
  "offline-dumps",
  "server",
  "dist",
  "fetch-process",
  "build",
  "fetch",
  "verify",
  "abuse-server",
  "fetch-history",
  "fetch-kill",
  "mcp-hardening",
  "operator-errors",
  "connection-share",
  "hostile-requests",
  "mcp-bundle",
  "openapi-lint",
];

const rank = (spec: TestSpecification): number => {
  const at = FIRST.indexOf(basename(spec.moduleId, ".test.ts"));
  return at < 0 ? FIRST.length : at;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
