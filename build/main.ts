// `npm run build`: raw downloads + curated tables → every file of dist/, validated, written atomically.
import { parseArgs } from "node:util";
import { setFlagsFromString } from "node:v8";
import { resolve } from "node:path";
import { isValidIsoDate, todayInMexicoCity } from "../core/dates.ts";
import { buildTree, BuildFailed, type OutDirTiming } from "./pipeline.ts";
import { findRawDir, RawDirMissingError } from "./raw-dir.ts";
import { SourceChecksFailed } from "./datasets.ts";
import { OutDirRefused } from "./out-dir.ts";
import { RemovalsRefused } from "./removals.ts";
import { localFsProblem } from "./local-errors.ts";
import { BundlesFailed, type BundleTiming } from "./bundle-thread.ts";

/**
 * V8 lets a heap grow to several times what survived its last collection before it collects again, and the
 * build's heaps are mostly garbage (records rendered into files and dropped): a fixed growth of 10 % keeps the
 * peak near what is live, for more collections (docs/decisions/0077-build-heap-growth.md). Set before the bundle
 * thread starts; V8's flags are the process's, so they hold for that thread's heap too.
 */
setFlagsFromString("--heap-growing-percent=10");

interface Cli {
  asOf: string;
  outDir: string;
  acceptRemovals: string[];
  statsJson: boolean;
}

/** The command line, checked before any work: a bad date or option stops the build at once. */
const CLI_OPTIONS = {
  "as-of": { type: "string" },
  out: { type: "string" },
  "accept-removals": { type: "string", multiple: true },
  "stats-json": { type: "boolean", default: false },
} as const;

function parseCli(argv: string[], env: NodeJS.ProcessEnv): Cli {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof CLI_OPTIONS }>>["values"];
  try {
    ({ values } = parseArgs({ args: argv, options: CLI_OPTIONS }));
  } catch (err) {
    throw new BuildFailed([(err as Error).message]);
  }
  const asOf = values["as-of"] ?? todayInMexicoCity(new Date());
  if (!isValidIsoDate(asOf)) throw new BuildFailed([`--as-of debe ser una fecha real AAAA-MM-DD, no "${asOf}"`]);
  const acceptRemovals = (values["accept-removals"] ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  // --out wins; else FISCAL_DIST_DIR, the folder `npm start` serves; else ./dist.
  const outDir = resolve(values.out ?? env["FISCAL_DIST_DIR"] ?? "dist");
  return { asOf, outDir, acceptRemovals, statsJson: values["stats-json"] };
}

/** User and system CPU time of this process so far, all its threads. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1e4) / 100;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { asOf, outDir, acceptRemovals, statsJson } = parseCli(process.argv.slice(2), process.env);
  const rawDir = findRawDir();
  let bundles: BundleTiming | undefined;
  let outDirTiming: OutDirTiming | undefined;
  const stats = await buildTree({
    rawDir,
    asOf,
    outDir,
    acceptRemovals,
    env: process.env,
    onWarning: (w) => console.warn(w),
    onNotice: (n) => console.warn(n),
    onBundles: (t) => {
      bundles = t;
    },
    onOutDir: (t) => {
      outDirTiming = t;
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Fiscal MX: ${stats.files} archivos (${(stats.bytes / 1e6).toFixed(1)} MB) en ${outDir} al ${asOf}, desde ${rawDir}; ` +
      `${stats.removed} eliminados; ${seconds} s`,
  );
  // For bench/build.ts: the figures it reports come from the build process itself.
  if (statsJson)
    console.log(
      JSON.stringify({
        ...stats,
        seconds: Number(seconds),
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        cpuSeconds: cpuSeconds(),
        bundleSeconds: bundles?.seconds ?? null,
        bundleWaitSeconds: bundles?.waitedSeconds ?? null,
        ...outDirTiming,
      }),
    );
}

const STOPPED = [SourceChecksFailed, BuildFailed, RawDirMissingError, OutDirRefused, RemovalsRefused, BundlesFailed];

main().catch((err: unknown) => {
  // Disk full, read-only or permission denied: the operator's to fix, so a message and its exit code, no stack.
  const local = localFsProblem(err, "npm run build");
  if (local !== null) {
    console.error(`La compilación se detuvo. ${local.message}`);
    process.exit(local.exitCode);
  }
  if (STOPPED.some((kind) => err instanceof kind)) {
    console.error(`La compilación se detuvo; la carpeta de salida queda como estaba.\n${(err as Error).message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
