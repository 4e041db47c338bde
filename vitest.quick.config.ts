// `npm run test:quick`, the inner loop: units and handlers called in process, on the small snapshot's tree; no whole tree, child process, server or browser.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The suites that need neither a child process, nor the shared local server, nor Chromium, nor the whole built
 * tree (they get the small snapshot's as `distDir`: every dataset, cut short). A new suite of that kind belongs
 * here; `npm test` runs every suite, these included. Suites reading the whole tree (cfdi-search, dumps,
 * search-relevance, netlify, http-netlify) run in `npm test` only, and so does content-loader, which loads a whole
 * copy of content/ in each test (4 s of CPU, a sixth of this run's files).
 */
const QUICK = [
  "banxico-series",
  "calendar",
  "cfdi-check",
  "compact-index",
  "content",
  "dataset-registry",
  "dataset-definitions",
  "dates",
  "docs-links",
  "fetch-redact",
  "fetch-units",
  "http-app",
  "http-pipeline",
  "layers",
  "mcp-tools",
  "payroll-tables",
  "late-tables",
  "provenance",
  "rfc",
  "route-bindings",
  "search-entry-words",
  "search-typo-filter",
  "series-registry",
  "site-money",
  "sources",
  "status",
  "suggest",
  "tables",
  "test-cache",
  "write",
  "cfdi-xml",
  "guide-notes",
];

export default defineConfig({
  test: {
    ...base.test,
    include: QUICK.map((name) => `test/${name}.test.ts`),
    globalSetup: ["test/quick-setup.ts"],
    // Two workers on two cores, not npm test's three: with nothing here waiting on a child, a server or the
    // browser, the third only imports the same modules once more (29.7 s of CPU with three, 26.7 s with two).
    maxWorkers: 2,
  },
});
