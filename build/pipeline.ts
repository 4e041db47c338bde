// The build as a function: claim the output folder, load and check sources, compute, validate and stage every file, then swap once.
import { articles, glossary, tools } from "../content/index.ts";
import { siteUrl } from "../core/service-config.ts";
import { loadDatasets } from "./datasets.ts";
import { derivedFiles, startDumps } from "./derived-files.ts";
import { BundleThread, type BundleTiming } from "./bundle-thread.ts";
import { claveProdServList } from "../lib/bodies/bodies.ts";
import { apiFiles, type ApiFile } from "./emit.ts";
import { statusDocument } from "./status.ts";
import { Freshness } from "../lib/http/freshness.ts";
import { PageTotals } from "../lib/http/paging.ts";
import { headerRules } from "../lib/http/header-rules.ts";
import { HEADERS_FILE, REDIRECTS_FILE, renderHeadersFile, renderRedirectsFile } from "./netlify.ts";
import { staleSuggestCatalog } from "./suggest-catalog.ts";
import { searchIndexFile } from "./search-index.ts";
import { claimOutDir } from "./out-dir.ts";
import { checkRemovals } from "./removals.ts";
import { BodyValidator } from "./validate.ts";
import { StagedTree, type OutputFile, type SwapTiming, type WriteStats } from "./write.ts";
import { filePath, routeById } from "../lib/routes/routes.ts";
import { calendarOf } from "../lib/datasets/calendar.ts";
import { feed, FEED_IDS, feedPath } from "../lib/calendar/ical.ts";

/** Every violation found after generating all output; the previous output was left as it was. */
export class BuildFailed extends Error {
  override readonly name = "BuildFailed";
  constructor(readonly problems: string[]) {
    super(`${problems.length} problemas:\n${problems.map((p) => `  ✗ ${p}`).join("\n")}`);
  }
}

export interface BuildOptions {
  rawDir: string;
  asOf: string;
  outDir: string;
  env: Record<string, string | undefined>;
  /** Datasets that may publish fewer records than the tree being replaced (`--accept-removals`). */
  acceptRemovals?: readonly string[];
  /** Receives warnings that do not stop the build (stale datasets). */
  onWarning?: (message: string) => void;
  /** Receives what the build found and did about the output folder (a repaired swap, a stale lock). */
  onNotice?: (message: string) => void;
  /** Receives how the bundle thread's work overlapped the rest of the build. */
  onBundles?: (timing: BundleTiming) => void;
  /** Receives what the output folder's machinery cost: taking the lock (and any repair), and the swap. */
  onOutDir?: (timing: OutDirTiming) => void;
}

export interface OutDirTiming extends SwapTiming {
  claimSeconds: number;
}

/** Every output file in memory, as generateInto gives them (for tests and benchmarks; the build streams them). */
export async function generate(opts: Omit<BuildOptions, "outDir">): Promise<OutputFile[]> {
  const files: OutputFile[] = [];
  await generateInto(opts, (f) => files.push(f));
  return files;
}

/**
 * Gives `emit` every output file as soon as it is made, each validated against its schema. Failed source
 * checks throw SourceChecksFailed; schema violations are all collected and thrown as one BuildFailed at the
 * end, after the valid files were emitted (the caller drops them).
 */
async function generateInto(opts: Omit<BuildOptions, "outDir">, emit: (f: OutputFile) => void): Promise<void> {
  // Started first, so that its modules load while the sources are read; ended however the build ends.
  const thread = new BundleThread();
  try {
    await generateWith(opts, thread, emit);
  } finally {
    await thread.stop();
  }
}

async function generateWith(opts: Omit<BuildOptions, "outDir">, thread: BundleThread, emit: (f: OutputFile) => void): Promise<void> {
  const data = await loadDatasets(opts.rawDir);
  const validator = new BodyValidator();
  // The content files were read and checked when content/ was imported; the catalog /suggest bundles must match them.
  const problems: string[] = staleSuggestCatalog({ tools, articles, glossary });
  const add = (f: ApiFile): void => {
    const violation = validator.check(f.route.body, f.body);
    if (violation !== null) problems.push(`${f.path} (${f.route.id}): ${violation}`);
    else emit({ path: f.path, data: JSON.stringify(f.body) });
  };
  const claveProdServ = claveProdServList(data.catalogs["clave-prod-serv"]);
  const status = statusDocument(data, opts.asOf, opts.env);
  const site = siteUrl(opts.env);
  // The search index first: its transient objects are this thread's largest, and made before the bundle thread
  // starts they never meet that thread's (docs/benchmarks/memory.md).
  const searchIndex = searchIndexFile(data, opts.asOf);
  emit(searchIndex);
  const dumps = startDumps({ data, claveProdServ, status, site, validator, problems }, thread, emit);
  for (const f of apiFiles({ data, asOf: opts.asOf, claveProdServ, status })) add(f);
  // The calendar's iCalendar feeds (current and next year), from the same checked tables as /calendario/{year}.
  const calendar = calendarOf(data["obligaciones-periodicas"], data["dias-inhabiles-sat"]);
  for (const id of FEED_IDS) emit({ path: feedPath(id), data: feed(id, opts.asOf, site, calendar) });
  for await (const f of derivedFiles({ ...opts, data, status, site, claveProdServ, validator, problems, dumps, searchIndex })) emit(f);
  // The host's per-path headers (type, cache, CORS) and the data's dates, which change each night, beside the files.
  emit({
    path: HEADERS_FILE,
    data: renderHeadersFile([
      ...headerRules(),
      ...new Freshness(status.datasets).fileRules(),
      ...new PageTotals(status.datasets).fileRules(),
    ]),
  });
  emit({ path: REDIRECTS_FILE, data: renderRedirectsFile() });
  if (problems.length > 0) throw new BuildFailed(problems);
  if (dumps.thread) opts.onBundles?.(await dumps.thread.timing());
}

const STATUS_PATH = filePath(routeById("status"));

/**
 * Claims the output folder (refusing one a build did not write, or one another build holds), writes each
 * file into the staging folder as it is made, runs every check, including that no dataset shrinks, and only
 * then swaps in the new tree; on any failure the staging folder is dropped and the tree stays as it was.
 */
export async function buildTree(opts: BuildOptions): Promise<WriteStats> {
  const started = performance.now();
  const release = claimOutDir(opts.outDir, opts.onNotice ?? (() => {}));
  const claimSeconds = (performance.now() - started) / 1000;
  try {
    const tree = new StagedTree(opts.outDir);
    try {
      let status: OutputFile | undefined;
      await generateInto(opts, (f) => {
        if (f.path === STATUS_PATH) status = f;
        tree.write(f);
      });
      checkRemovals(opts.outDir, status, opts.acceptRemovals ?? []);
    } catch (err) {
      tree.discard();
      throw err;
    }
    const { stats, swap } = tree.publish();
    opts.onOutDir?.({ claimSeconds, ...swap });
    return stats;
  } finally {
    release();
  }
}
