// Once per test run: the real snapshot's tree, built into the checkout's cache, and Chromium for the browser suite.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
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
/** Inside node_modules: it belongs to this checkout, is ignored by git, and goes away with `npm ci`. */
const CACHE = join(ROOT, "node_modules/.cache/fiscal-mx-test");

/** Hash of everything the tree depends on: the build's code, the raw files and the installed dependencies. */
function inputsHash(): string {
  const hash = createHash("sha256").update(AS_OF);
  const code = fg.sync(["build/**", "sources/**", "lib/**", "content/**", "site/**", "package-lock.json"], { cwd: ROOT });
  for (const f of code.sort()) hash.update(f).update(readFileSync(join(ROOT, f)));
  for (const f of fg.sync("**", { cwd: RAW_DIR, dot: true }).sort()) hash.update(`raw/${f}`).update(readFileSync(join(RAW_DIR, f)));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Deletes trees of older inputs in a detached process: deleting 54,000 files takes seconds and makes
 * the file system slower to create files for minutes after (see bench/build.ts), so not on this run's path.
 */
function dropInBackground(paths: string[]): void {
  if (paths.length === 0) return;
  spawn("rm", ["-rf", ...paths], { detached: true, stdio: "ignore" }).unref();
}

/** The snapshot's tree for these inputs, built once and reused by every later run until an input changes. */
async function snapshotDist(): Promise<string> {
  const key = inputsHash();
  const final = join(CACHE, key);
  mkdirSync(CACHE, { recursive: true });
  dropInBackground(readdirSync(CACHE).filter((name) => !name.startsWith(key)).map((name) => join(CACHE, name)));
  if (existsSync(join(final, "index.html"))) return final;
  // Built under a name of its own, so that a concurrent run in this checkout never sees it half-made.
  const own = `${final}.${process.pid}`;
  await buildSite({ rawDir: RAW_DIR, asOf: AS_OF, outDir: own, env: {} });
  if (existsSync(final)) dropInBackground([own]);
  else renameSync(own, final);
  return final;
}

/**
 * The browser suite drives Debian's Chromium through playwright-core. When it is missing and we are
 * root on Debian (a fresh machine of the kind CI uses), it is installed; otherwise the suite says how.
 */
function ensureChromium(): void {
  const configured = process.env["FISCAL_CHROMIUM"];
  if (configured) return;
  const found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
  if (found) {
    process.env["FISCAL_CHROMIUM"] = found;
    return;
  }
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) return;
  console.log("Chromium no está instalado: apt-get install -y chromium (para las pruebas del navegador)…");
  const apt = (args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (apt(["install", "-y", "--no-install-recommends", "chromium"]).status !== 0) {
    apt(["update"]);
    apt(["install", "-y", "--no-install-recommends", "chromium"]);
  }
  if (existsSync("/usr/bin/chromium")) process.env["FISCAL_CHROMIUM"] = "/usr/bin/chromium";
}

export default async function setup(project: TestProject): Promise<void> {
  ensureChromium();
  const given = process.env["FISCAL_DIST_DIR"];
  project.provide("distDir", given ? resolve(given) : await snapshotDist());
}
