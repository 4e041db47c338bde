// `npm run test:quick`, the inner loop: units and handlers called in process, on the cached test tree; no child process, server or browser.
import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The suites that need neither a child process, nor the shared local server, nor Chromium. A new suite of
 * that kind belongs here; `npm test` runs every suite, these included.
 */
const QUICK = [
  "banxico-series",
  "calendar",
  "cfdi-check",
  "cfdi-search",
  "compact-index",
  "content",
  "dataset-registry",
  "dates",
  "docs-links",
  "dumps",
  "fetch-redact",
  "fetch-units",
  "http-app",
  "http-netlify",
  "http-pipeline",
  "layers",
  "mcp-tools",
  "netlify",
  "payroll-tables",
  "provenance",
  "rfc",
  "route-bindings",
  "search-entry-words",
  "search-typo-filter",
  "search-relevance",
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
  },
});
