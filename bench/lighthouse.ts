// `npm run bench:lighthouse`: Lighthouse (performance, accessibility, best practices, SEO) on the landing page, a calculator, the reference index and its largest family page, served by the local server.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import fg from "fast-glob";
import lighthouse from "lighthouse";
import { buildTree } from "../build/pipeline.ts";
import { findRawDir } from "../build/raw-dir.ts";
import { startServer } from "../server/app.ts";
import { freePort } from "./ports.ts";

const CHROMIUM = process.env["FISCAL_CHROMIUM"] ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const AS_OF = process.env["FISCAL_BENCH_AS_OF"] ?? "2026-11-21";

/** A free loopback port, so the pages' canonical addresses can name the origin they are served from. */
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dist = mkdtempSync(join(tmpdir(), "fmx-lighthouse-"));
console.log(`build at ${AS_OF} with FISCAL_SITE_URL=${origin}…`);
await buildTree({ rawDir: findRawDir(), asOf: AS_OF, outDir: dist, env: { FISCAL_SITE_URL: origin } });
/** The reference's family page with the most bytes (the one with the most to download and lay out). */
function largestFamilyPage(root: string): string {
  const sized = fg
    .sync("docs/*/index.html", { cwd: root })
    .map((p) => ({ path: `/${p.replace(/index\.html$/, "")}`, bytes: readFileSync(join(root, p)).length }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = sized[0];
  if (!largest) throw new Error("the build wrote no family page of the reference");
  console.log(`largest family page of the reference: ${largest.path} (${(largest.bytes / 1024).toFixed(1)} KiB of HTML)`);
  return largest.path;
}

const PAGES = ["/", "/herramientas/calculadora-isr-salarios/", "/docs/", largestFamilyPage(dist)];
const app = await startServer({ distDir: dist, port, env: { FISCAL_RATE_LIMIT: "1000000" } });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
let worst = 100;
try {
  for (const path of PAGES) {
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
    worst = Math.min(worst, ...scores);
    console.log(`${path}: ${CATEGORIES.map((c, i) => `${c} ${scores[i]}`).join(", ")}`);
    for (const audit of Object.values(result.lhr.audits)) {
      if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "manual") {
        console.log(`  ${audit.id}: ${audit.score} ${audit.displayValue ?? ""}`);
      }
    }
  }
} finally {
  chrome.kill();
  await app.close();
  rmSync(dist, { recursive: true, force: true });
}
process.exitCode = worst === 100 ? 0 : 1;
