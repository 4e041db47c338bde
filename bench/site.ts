// `npx tsx bench/site.ts`: what the site adds to the build: full builds with and without the site hook, and the site alone in memory.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDatasets } from "../build/datasets.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import type { CfdiCatalogEntry } from "../core/schemas.ts";
import { examples, readByExamples } from "../site/examples.ts";
import { digestOf, dumpDatasets, dumpFiles, dumpIndex, type DumpFile } from "../build/dumps.ts";
import { claveProdServList } from "../lib/bodies/bodies.ts";
import { openApiDocument } from "../build/openapi.ts";
import { findRawDir } from "../build/raw-dir.ts";
import { statusDocument } from "../build/status.ts";
import { routes } from "../lib/routes/routes.ts";
import { siteUrl } from "../core/service-config.ts";
import { byteLength, type OutputFile } from "../build/write.ts";
import { median } from "./measure.ts";

/** The dump files and their index, as the build hands them to the site. */
/** The downloads as the build gives them to the site: the files its examples read, and every file's size. */
async function allDumps(
  data: Datasets,
  claveProdServ: CfdiCatalogEntry[],
  site: string,
): Promise<{ dumps: DumpFile[]; downloadSizes: Map<string, number> }> {
  const datasets = dumpDatasets(data, claveProdServ);
  const files = dumpFiles(datasets);
  const all = [...files, dumpIndex(datasets, files.map(digestOf), site)];
  return { dumps: all.filter((f) => readByExamples(f.path)), downloadSizes: new Map(all.map((f) => [f.path, f.data.length])) };
}

const AS_OF = process.env["FISCAL_BENCH_AS_OF"] ?? "2026-11-21";
const ROUNDS = Number(process.env["FISCAL_BENCH_ROUNDS"] ?? 3);
const REPO = fileURLToPath(new URL("..", import.meta.url));
const HOOK = /\n\s*yield\* siteFiles\([^\n]*\);/;
const rawDir = findRawDir();
const root = mkdtempSync(join(tmpdir(), "fmx-bench-site-"));

/** A copy of the sources whose pipeline skips the site hook (node_modules linked, not copied). */
function treeWithoutSite(): string {
  const dir = join(root, "without-site");
  for (const d of ["core", "build", "lib", "sources", "content", "site"]) cpSync(join(REPO, d), join(dir, d), { recursive: true });
  for (const f of ["package.json", "tsconfig.json"]) cpSync(join(REPO, f), join(dir, f));
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"));
  const derived = join(dir, "build", "derived-files.ts");
  const text = readFileSync(derived, "utf8");
  if (!HOOK.test(text)) throw new Error("the site hook was not found in build/derived-files.ts");
  writeFileSync(derived, text.replace(HOOK, ""));
  return dir;
}

/** `build/main.ts` of a tree as its own process into a fresh directory: wall seconds and files written. */
function build(tree: string, out: string): { seconds: number; files: number } {
  const started = performance.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", "build/main.ts", "--as-of", AS_OF, "--out", out, "--stats-json"], {
    cwd: tree,
    encoding: "utf8",
    env: { ...process.env, FISCAL_RAW_DIR: rawDir },
  });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`build failed in ${tree}:\n${run.stderr}`);
  const stats = JSON.parse(run.stdout.trim().split("\n").at(-1) ?? "{}") as { files: number };
  return { seconds, files: stats.files };
}

/** The site's own cost in this process: loading its modules, generating every file, writing them into a fresh directory. */
async function siteAlone(): Promise<{ importMs: number; generateMs: number; writeMs: number; files: number; bytes: number }> {
  let started = performance.now();
  const { siteFiles } = await import("../site/index.ts");
  const importMs = performance.now() - started;
  const data = await loadDatasets(rawDir);
  const site = siteUrl(process.env);
  const claveProdServ = claveProdServList(data.catalogs["clave-prod-serv"]);
  const inputs = {
    data,
    asOf: AS_OF,
    site,
    openapi: openApiDocument(routes, site),
    status: statusDocument(data, AS_OF, process.env),
    ...(await allDumps(data, claveProdServ, site)),
    claveProdServ,
  };
  const ctx = { ...inputs, examples: await examples(inputs) };
  const times: number[] = [];
  let files: OutputFile[] = [];
  for (let i = 0; i < 5; i++) {
    started = performance.now();
    files = [...siteFiles(ctx)];
    times.push(performance.now() - started);
  }
  const out = join(root, "site-only");
  started = performance.now();
  for (const f of files) {
    mkdirSync(join(out, dirname(f.path)), { recursive: true });
    writeFileSync(join(out, f.path), f.data);
  }
  const writeMs = performance.now() - started;
  return { importMs, generateMs: median(times), writeMs, files: files.length, bytes: files.reduce((n, f) => n + byteLength(f.data), 0) };
}

async function main(): Promise<void> {
  const without = treeWithoutSite();
  const alone = await siteAlone();
  const siteMs = alone.importMs + alone.generateMs + alone.writeMs;
  console.log(
    `site alone: ${alone.files} files, ${(alone.bytes / 1024).toFixed(0)} KB; loading its modules ${alone.importMs.toFixed(0)} ms, ` +
      `generating ${alone.generateMs.toFixed(0)} ms (median of 5), writing into a fresh directory ${alone.writeMs.toFixed(0)} ms`,
  );
  const withSite: number[] = [];
  const withoutSite: number[] = [];
  // Alternating, each into a fresh directory, so the file system's state weighs on both alike.
  for (let i = 0; i < ROUNDS; i++) {
    const a = build(REPO, join(root, `with-${i}`));
    const b = build(without, join(root, `without-${i}`));
    withSite.push(a.seconds);
    withoutSite.push(b.seconds);
    console.log(
      `round ${i + 1} (fresh directories): with the site ${a.seconds.toFixed(2)} s (${a.files} files), without ${b.seconds.toFixed(2)} s (${b.files} files)`,
    );
  }
  const base = median(withoutSite);
  const abAdded = median(withSite) / base - 1;
  const added = siteMs / 1000 / base;
  console.log(
    `median full build, process wall time, fresh directory: with the site ${median(withSite).toFixed(2)} s, without ${base.toFixed(2)} s ` +
      `(${(abAdded * 100).toFixed(1)} %; this disk's noise between runs is larger than the site itself)`,
  );
  console.log(
    `${added < 0.15 ? "ok  " : "FAIL"} the site's own cost, ${siteMs.toFixed(0)} ms, is ${(added * 100).toFixed(1)} % of the build without it (limit 15 %)`,
  );
  rmSync(root, { recursive: true, force: true });
  if (added >= 0.15) process.exitCode = 1;
}

await main();
