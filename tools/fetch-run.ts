// Fetches every feed through one HTTP client and lets a new raw file in only when it is not worse than the old.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { todayInMexicoCity } from "../core/dates.ts";
import { banxicoFeed } from "../sources/banxico.ts";
import { redactor } from "./redact.ts";
import { HttpClient } from "../sources/http.ts";
import { httpConfigFromEnv, HttpSettingsError, type HttpConfig } from "../sources/http-config.ts";
import { inegiFeed } from "../sources/inegi.ts";
import { satFeed } from "../sources/sat-fetch.ts";
import {
  FetchError,
  ParseError,
  type Download,
  type DownloadRequest,
  type Feed,
  type FetchContext,
  type FetchedFile,
} from "../sources/types.ts";
import { judgeRawFile, type FileSummary } from "./fetch-guards.ts";
import { LockBusyError, lockRawDir, LOCK_FILE } from "./fetch-lock.ts";
import { pidAlive } from "../build/pid-lock.ts";
import { readManifest, validatorsOf, writeManifest } from "../build/fetch-manifest.ts";
import { clearPending, recoverPending, writePending } from "../build/fetch-journal.ts";
import { localFsError } from "../build/local-errors.ts";
import type { Manifest } from "../lib/datasets/records.ts";

export const FEEDS: readonly Feed[] = [banxicoFeed, inegiFeed, satFeed];

export interface FetchRunOptions {
  rawDir: string;
  env: Record<string, string | undefined>;
  /** Feed ids to fetch (default: all). */
  only?: readonly string[];
  /** Feed ids whose removals (catalog codes beyond 2 %, series observations) are accepted. */
  acceptRemovals?: readonly string[];
  /** Feed ids whose changed values of existing observations are accepted. */
  acceptChanges?: readonly string[];
  now?: () => Date;
  log?: (line: string) => void;
  /** Overrides of the HTTP settings taken from the environment. */
  http?: Partial<HttpConfig>;
  /** Aborting it (SIGTERM) stops every download; the files in place stay as they were. */
  signal?: AbortSignal;
}

/** Why a fetch did not start (Spanish), and the exit code the command gives for it. */
export class FetchRefused extends Error {
  override readonly name = "FetchRefused";
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

interface FileReport extends FileSummary {
  rawFile: string;
  /** False when the download was byte-identical to the file in place, which was left alone. */
  replaced: boolean;
}

export interface FeedReport {
  feed: string;
  publisher: string;
  status: "updated" | "unchanged" | "failed";
  /** Why it failed, or what was accepted or noticed (Spanish). */
  messages: string[];
  files: FileReport[];
}

const sha256 = (data: Buffer): string => createHash("sha256").update(data).digest("hex");

/**
 * The raw folder could not be written (disk full, read-only, permissions): the fetch stopped, every feed settled,
 * and these are the temporary files that could not be removed and the raw files already renamed into place.
 */
export class LocalWriteFailed extends Error {
  override readonly name = "LocalWriteFailed";
  constructor(
    cause: unknown,
    readonly leftTemps: readonly string[],
    readonly replaced: readonly string[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

class FeedRun {
  readonly temps = new Set<string>();
  /** Temporary files whose removal failed, named to the operator. */
  readonly stuck: string[] = [];
  /** Raw files this run renamed into place (before the manifest follows them). */
  readonly replaced: string[] = [];
  constructor(
    private readonly feed: Feed,
    private readonly options: FetchRunOptions,
    private readonly manifest: Manifest,
    private readonly http: HttpClient,
    private readonly today: string,
    private readonly createdDirs: Set<string>,
    /** Writes the manifest as it now is (one write at a time across feeds). */
    private readonly persist: () => Promise<void>,
  ) {}

  get ctx(): FetchContext {
    return {
      env: this.options.env,
      today: this.today,
      tempPath: (beside) => this.tempPath(beside),
      download: (request) => this.download(request),
    };
  }

  tempPath(beside: string): string {
    const dir = join(this.options.rawDir, dirname(beside));
    const first = mkdirSync(dir, { recursive: true });
    if (first !== undefined) rememberCreated(this.createdDirs, first, dir);
    // A dot file beside the target: same directory, so the final rename is atomic.
    const path = join(dir, `.${basename(beside)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
    this.temps.add(path);
    return path;
  }

  /** ETag/Last-Modified of the previous download, only when every file it produced is still intact. */
  validators(request: DownloadRequest): { etag?: string | null; lastModified?: string | null } {
    const files = request.conditionalFor ?? [];
    const entries = files.map((f) => this.manifest.files[f]);
    if (files.length === 0 || entries.some((e) => e === undefined || e.url !== request.publicUrl)) return {};
    const intact = files.every((f, i) => {
      const path = join(this.options.rawDir, f);
      return existsSync(path) && sha256(readFileSync(path)) === entries[i]!.sha256;
    });
    return intact ? validatorsOf(entries[0]!) : {};
  }

  async download(request: DownloadRequest): Promise<Download> {
    const dest = this.tempPath(request.beside);
    const got = await this.http.get({ ...request, dest, ...this.validators(request) });
    if (got.status === "unchanged") return got;
    return { status: "downloaded", path: dest, bytes: got.bytes, etag: got.etag, lastModified: got.lastModified };
  }

  report(status: FeedReport["status"], messages: string[], files: FileReport[] = []): FeedReport {
    return { feed: this.feed.id, publisher: this.feed.publisher, status, messages, files };
  }

  async run(): Promise<FeedReport> {
    try {
      const outcome = await this.feed.fetch(this.ctx);
      const fetchedAt = (this.options.now?.() ?? new Date()).toISOString();
      // Interrupted after the downloads: nothing is renamed into place, so no feed is left half replaced.
      if (this.options.signal?.aborted) return this.report("failed", ["descarga interrumpida: se pidió terminar el proceso"]);
      if (outcome.status === "unchanged") {
        for (const f of this.feed.rawFiles) {
          const entry = this.manifest.files[f];
          if (entry?.kind === "publisher") this.manifest.files[f] = { ...entry, fetchedAt };
        }
        return this.report("unchanged", [`sin cambios según el publicador (HTTP 304, ${outcome.publicUrl})`]);
      }
      return await this.admit(outcome.files, fetchedAt);
    } catch (err) {
      if (err instanceof FetchError || err instanceof ParseError) return this.report("failed", [err.message]);
      // The raw folder itself cannot be written (disk full, read-only, permissions): the whole fetch stops with it.
      if (localFsError(err) !== null) throw err;
      return this.report("failed", [`error inesperado: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`]);
    } finally {
      const temps = [...this.temps];
      const removed = await Promise.allSettled(temps.map((p) => rm(p, { force: true })));
      this.stuck.push(...temps.filter((_, i) => removed[i]?.status === "rejected"));
    }
  }

  /** Judges every file of the download; all of them replace the old ones, or none does. */
  async admit(files: FetchedFile[], fetchedAt: string): Promise<FeedReport> {
    const accept = {
      removals: this.options.acceptRemovals?.includes(this.feed.id) ?? false,
      changes: this.options.acceptChanges?.includes(this.feed.id) ?? false,
    };
    const judged = await Promise.all(
      files.map(async (file) => {
        const bytes = await readFile(file.tempPath);
        const previous = await readFile(join(this.options.rawDir, file.rawFile)).catch(() => null);
        return { file, verdict: judgeRawFile(file.rawFile, bytes, previous, accept), same: previous?.equals(bytes) ?? false };
      }),
    );
    const problems = judged.flatMap(({ file, verdict }) => verdict.problems.map((p) => `${file.rawFile}: ${p}`));
    const notes = judged.flatMap(({ file, verdict }) => verdict.notes.map((n) => `${file.rawFile}: ${n}`));
    if (problems.length > 0) return this.report("failed", [...problems, ...notes]);
    const entries = Object.fromEntries(
      judged.map(({ file, verdict }) => {
        const { publicUrl: url, etag, lastModified } = file;
        return [file.rawFile, { kind: "publisher" as const, source: this.feed.id, url, fetchedAt, etag, lastModified, ...verdict.summary }];
      }),
    );
    // Journal, renames, manifest, in that order: a kill anywhere leaves what the next fetch completes (fetch-journal.ts).
    await writePending(this.options.rawDir, this.feed.id, entries);
    const reports: FileReport[] = [];
    for (const { file, verdict, same } of judged) {
      const target = join(this.options.rawDir, file.rawFile);
      // An identical download leaves the file (and its inode) alone; anything else is renamed over it.
      if (!same) {
        await mkdir(dirname(target), { recursive: true });
        await rename(file.tempPath, target);
        this.replaced.push(file.rawFile);
      }
      reports.push({ rawFile: file.rawFile, replaced: !same, ...verdict.summary });
    }
    Object.assign(this.manifest.files, entries);
    await this.persist();
    await clearPending(this.options.rawDir, this.feed.id);
    return this.report("updated", notes, reports);
  }
}

/** Temporary files a fetch that was killed midway left beside the raw files (FeedRun.tempPath and the lock name them so). */
const LEFTOVER = /^\..+\.\d+\.[0-9a-f]{8}(\.tmp|\.stale)?$/;

async function removeLeftovers(rawDir: string): Promise<void> {
  const dirs = new Set([rawDir, ...FEEDS.flatMap((f) => f.rawFiles.map((r) => join(rawDir, dirname(r))))]);
  for (const dir of dirs) {
    const names = await readdir(dir).catch(() => [] as string[]);
    // A lock being written by a live process that is about to find the directory busy is not a leftover.
    const stale = (n: string): boolean => LEFTOVER.test(n) && !(n.startsWith(`${LOCK_FILE}.`) && pidAlive(Number(n.split(".")[3])));
    await Promise.all(names.filter(stale).map((n) => rm(join(dir, n), { force: true })));
  }
}

/** Records dir and each parent up to first (the outermost directory mkdir created). */
function rememberCreated(created: Set<string>, first: string, dir: string): void {
  for (let d = resolve(dir); d.length >= resolve(first).length; d = dirname(d)) {
    created.add(d);
    if (d === dirname(d)) break;
  }
}

/** Removes the directories this run created and left empty (a failed first fetch leaves no empty raw/). */
async function pruneCreated(created: Set<string>): Promise<void> {
  for (const dir of [...created].sort((a, b) => b.length - a.length)) await rmdir(dir).catch(() => undefined);
}

interface Preflight {
  http: HttpConfig;
  feeds: Feed[];
  redact: (text: string) => string;
}

/** Everything that can be known wrong before any network use: the HTTP settings and missing tokens. */
function preflight(options: FetchRunOptions): Preflight {
  const redact = redactor(FEEDS.flatMap((f) => (f.tokens ?? []).map((t) => options.env[t.env])));
  const feeds = FEEDS.filter((f) => options.only === undefined || options.only.length === 0 || options.only.includes(f.id));
  const problems: string[] = [];
  let http: HttpConfig | null = null;
  try {
    http = httpConfigFromEnv(options.env, redact);
  } catch (err) {
    if (!(err instanceof HttpSettingsError)) throw err;
    problems.push(err.message);
  }
  for (const feed of feeds) {
    for (const token of feed.tokens ?? []) {
      if (!options.env[token.env]) problems.push(`${feed.id} — ${feed.publisher}: falta ${token.env} (${token.what})`);
    }
  }
  if (http === null || problems.length > 0) throw new FetchRefused(`no se descargó nada:\n  ${problems.join("\n  ")}`, 2);
  return { http, feeds, redact };
}

/**
 * Runs the feeds (concurrently: they are different hosts) under the raw directory's lock and writes the
 * manifest once at the end. Throws FetchRefused, before any download, for bad settings, missing tokens or a busy lock.
 */
export async function runFetch(options: FetchRunOptions): Promise<FeedReport[]> {
  const { http: config, feeds, redact } = preflight(options);
  const print = options.log ?? ((line: string) => console.log(line));
  const log = (line: string): void => print(redact(line));
  const created = new Set<string>();
  const first = await mkdir(options.rawDir, { recursive: true });
  if (first !== undefined) rememberCreated(created, first, options.rawDir);
  let lock: Awaited<ReturnType<typeof lockRawDir>>;
  try {
    lock = await lockRawDir(options.rawDir, log);
  } catch (err) {
    await pruneCreated(created);
    if (err instanceof LockBusyError) throw new FetchRefused(err.message, 3);
    throw err;
  }
  const http = new HttpClient({ ...config, onRetry: log, signal: options.signal, ...options.http });
  let runs: FeedRun[] = [];
  try {
    const manifest = readManifest(options.rawDir, log);
    let writing = Promise.resolve();
    const persist = (): Promise<void> => (writing = writing.then(() => writeManifest(options.rawDir, manifest)));
    const recovered = await recoverPending(options.rawDir, manifest, log);
    if (recovered.length > 0) await persist();
    for (const feed of recovered) await clearPending(options.rawDir, feed);
    await removeLeftovers(options.rawDir);
    const today = todayInMexicoCity(options.now?.() ?? new Date());
    runs = feeds.map((feed) => new FeedRun(feed, options, manifest, http, today, created, persist));
    // Every feed settles (and removes its temporary files) before a write failure of one of them is reported.
    const settled = await Promise.allSettled(runs.map((run) => run.run()));
    const broken = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (broken !== undefined) throw broken.reason;
    const reports = settled.map((s) => (s as PromiseFulfilledResult<FeedReport>).value);
    // The feeds answered 304 only moved their fetchedAt; each updated feed has written the manifest already.
    if (reports.some((r) => r.status !== "failed")) await persist();
    return reports.map((r) => ({ ...r, messages: r.messages.map(redact) }));
  } catch (err) {
    if (localFsError(err) === null) throw err;
    throw new LocalWriteFailed(
      err,
      runs.flatMap((r) => r.stuck),
      runs.flatMap((r) => r.replaced),
    );
  } finally {
    await http.close();
    await lock.release();
    await pruneCreated(created);
  }
}
