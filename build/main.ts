// `npm run build`: raw downloads + curated tables → every file of dist/, validated, written atomically.
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import { isValidIsoDate, todayInMexicoCity } from "../lib/dates.ts";
import { buildSite, BuildFailed } from "./pipeline.ts";
import { findRawDir, RawDirMissingError } from "./raw-dir.ts";
import { SourceChecksFailed } from "./datasets.ts";

function parseCli(argv: string[]): { asOf: string; outDir: string; statsJson: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: { "as-of": { type: "string" }, out: { type: "string", default: "dist" }, "stats-json": { type: "boolean", default: false } },
  });
  const asOf = values["as-of"] ?? todayInMexicoCity(new Date());
  if (!isValidIsoDate(asOf)) {
    throw new BuildFailed([`--as-of debe ser una fecha AAAA-MM-DD, no "${asOf}"`]);
  }
  return { asOf, outDir: resolve(values.out), statsJson: values["stats-json"] };
}

/** User and system CPU time of every thread of this process so far. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return Math.round((user + system) / 1e4) / 100;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { asOf, outDir, statsJson } = parseCli(process.argv.slice(2));
  const rawDir = findRawDir();
  const stats = await buildSite({ rawDir, asOf, outDir, env: process.env, onWarning: (w) => console.warn(w) });
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `Fiscal MX: ${stats.files} archivos (${(stats.bytes / 1e6).toFixed(1)} MB) en ${outDir} al ${asOf}, desde ${rawDir}; ` +
      `${stats.written} escritos, ${stats.unchanged} sin cambios, ${stats.removed} eliminados; ${seconds} s`,
  );
  // For bench/build.ts: the figures it reports come from the build process itself.
  if (statsJson) console.log(JSON.stringify({ ...stats, seconds: Number(seconds), maxRssBytes: process.resourceUsage().maxRSS * 1024, cpuSeconds: cpuSeconds() }));
}

main().catch((err: unknown) => {
  if (err instanceof SourceChecksFailed || err instanceof BuildFailed || err instanceof RawDirMissingError) {
    console.error(`La compilación se detuvo; dist/ queda como estaba.\n${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
