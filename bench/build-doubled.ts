// `npm run bench:build-doubled`: the build's peak memory on raw/ and on a copy whose two largest SAT catalogs hold twice their rows (synthetic keys).
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { resign } from "../test/helpers/raw.ts";

const { values: opts } = parseArgs({ options: { rounds: { type: "string", default: "1" } } });
const AS_OF = "2026-11-21";
const RAW = resolve("raw");

/**
 * Each catalog, with how a row's copy gets a key no real row has and that passes the sheet's checks: c_ClaveProdServ
 * codes 96000000 + i (segment 96 is unused), c_NumPedimentoAduana the same aduana and patente a century earlier.
 */
const DOUBLED: { file: string; copy: (row: string, i: number) => string }[] = [
  { file: "sat/catCFDI/c_ClaveProdServ.csv", copy: (row, i) => `${96_000_000 + i}${row.slice(row.indexOf(","))}` },
  {
    file: "sat/catCFDI/c_NumPedimentoAduana.csv",
    copy: (row) =>
      row.replace(
        /^(\d+),(\d+),(\d{4}),/,
        (_, aduana: string, patente: string, year: string) => `${aduana},${patente},${Number(year) - 100},`,
      ),
  },
];

/** Appends to the CSV a copy of every row with its key replaced (the key cells hold no comma or quote in these sheets). */
function doubleRows(raw: string, file: string, copy: (row: string, i: number) => string): void {
  const [header, ...rows] = readFileSync(join(raw, file), "utf8").replace(/\n$/, "").split("\n");
  writeFileSync(join(raw, file), `${[header, ...rows, ...rows.map(copy)].join("\n")}\n`);
}

interface Run {
  wallSeconds: number;
  maxRssBytes: number;
  /** User + system CPU of the build process, both its threads. */
  cpuSeconds: number;
  files: number;
}

function build(rawDir: string, outDir: string): Run {
  const started = performance.now();
  const res = spawnSync(process.execPath, ["--import", "tsx", "build/main.ts", "--as-of", AS_OF, "--out", outDir, "--stats-json"], {
    encoding: "utf8",
    env: { ...process.env, FISCAL_RAW_DIR: rawDir },
  });
  if (res.status !== 0) throw new Error(`build failed:\n${res.stderr}`);
  const stats = JSON.parse(res.stdout.trim().split("\n").at(-1) ?? "{}") as Omit<Run, "wallSeconds">;
  return { ...stats, wallSeconds: (performance.now() - started) / 1000 };
}

const mb = (bytes: number): string => `${Math.round(bytes / 1e6)} MB`;

function main(): number {
  const root = mkdtempSync(join(tmpdir(), "fmx-bench-doubled-"));
  try {
    const doubled = join(root, "raw");
    cpSync(RAW, doubled, { recursive: true });
    for (const d of DOUBLED) doubleRows(doubled, d.file, d.copy);
    resign(
      doubled,
      DOUBLED.map((d) => d.file),
    );
    let worst = 0;
    for (let round = 1; round <= Number(opts.rounds); round++) {
      for (const [name, raw] of [
        ["raw/", RAW],
        ["catalogs doubled", doubled],
      ] as const) {
        const out = join(root, `dist-${round}-${name.length}`);
        const load = loadavg()[0]!.toFixed(1);
        const run = build(raw, out);
        if (raw === doubled) worst = Math.max(worst, run.maxRssBytes);
        console.log(
          `round ${round}, ${name}: peak ${mb(run.maxRssBytes)}, ${run.files} files, ${run.wallSeconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU; load ${load} → ${loadavg()[0]!.toFixed(1)}`,
        );
        rmSync(out, { recursive: true, force: true });
      }
    }
    console.log(`${worst < 1e9 ? "✓" : "✗"} peak with the catalogs doubled < 1 GB (${mb(worst)})`);
    return worst < 1e9 ? 0 : 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = main();
