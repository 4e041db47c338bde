// The small interface every publisher module in sources/ implements, and the typed errors of parsing.

/** One failed sanity check: which check, which file and row, and what is wrong. */
export interface CheckFailure {
  check: string;
  file: string;
  /** 1-based row in the publisher's file (CSV line, JSON array index + 1), when one row is at fault. */
  row?: number;
  message: string;
}

/** A named sanity check over parsed records; it reports every failure instead of throwing. */
export interface NamedCheck<T> {
  name: string;
  run(records: T, file: string): CheckFailure[];
}

/** Raised by a pure parser when the publisher's file is malformed; names the file and, when known, the row. */
export class ParseError extends Error {
  override readonly name = "ParseError";
  constructor(
    readonly file: string,
    readonly detail: string,
    readonly row?: number,
  ) {
    super(`${file}${row === undefined ? "" : `, fila ${row}`}: ${detail}`);
  }
}

/** A publisher's machine-readable feed: where it lives, how to read its format, and what must hold. */
export interface FeedSource<T> {
  id: string;
  publisher: string;
  /** Official download address (documentation of provenance; fetch builds its own request URLs). */
  officialUrl: string;
  /** Path of the file inside the raw directory. */
  rawFile: string;
  /** The short name the data goes by where the file's name is a publisher's code ("TIIE 28"); else the file's name. */
  label?: string;
  /** Pure: the file's text in, records out; throws ParseError naming file and row. */
  parse(text: string, file: string): T;
  checks: NamedCheck<T>[];
}

/** A yearly table maintained by hand in the repo, citing its official publication. */
export interface CuratedTable<T> {
  id: string;
  publisher: string;
  /** Official publication(s) the values are transcribed from. */
  citation: string;
  officialUrl: string;
  /** Path of the module in the repo, used in failure messages. */
  file: string;
  rows: T;
  checks: NamedCheck<T>[];
}

/**
 * A table with a row per year: its /status entry and staleness rule follow from these (build/status.ts). Stale
 * once `due` (MM-DD) of a year has come without that year's row.
 */
export interface YearlyTable<T> extends CuratedTable<T> {
  yearly: {
    /** Its /status title. */
    title: string;
    /** MM-DD by which a year's row is published. */
    due: string;
    /** What is missing, in the stale reason ("falta la UMA de 2027"). */
    what: string;
    /** The years the table covers, ascending. */
    years: (rows: T) => number[];
  };
}

export function runChecks<T>(records: T, file: string, checks: NamedCheck<T>[]): CheckFailure[] {
  return checks.flatMap((check) => check.run(records, file));
}

/** What a download must be; anything else (an HTML maintenance page sent with status 200) is refused. */
export type DownloadKind = "json" | "html" | "xls";

export interface DownloadRequest {
  url: string;
  /** The URL as it may be shown and recorded: without secrets (INEGI puts its token in the path). */
  publicUrl: string;
  kind: DownloadKind;
  headers?: Record<string, string>;
  /** Raw file beside which the download is written, so that it can be renamed into place. */
  beside: string;
  /** Raw files whose recorded ETag/Last-Modified (when fetched from publicUrl) make this a conditional request. */
  conditionalFor?: readonly string[];
}

/** A download on disk in its temporary file, or the publisher's word (304) that nothing changed. */
export type Download =
  | { status: "unchanged" }
  | { status: "downloaded"; path: string; bytes: number; etag: string | null; lastModified: string | null };

/** A raw file produced by a fetch, still in its temporary location beside its final path. */
export interface FetchedFile {
  rawFile: string;
  tempPath: string;
  publicUrl: string;
  etag: string | null;
  lastModified: string | null;
}

/** What a publisher's fetch gets from the caller: configuration and the one shared HTTP client. */
export interface FetchContext {
  env: Record<string, string | undefined>;
  /** Today in Mexico City, YYYY-MM-DD. */
  today: string;
  download(request: DownloadRequest): Promise<Download>;
  /** A fresh temporary path beside a raw file; the caller removes it unless it is renamed into place. */
  tempPath(beside: string): string;
}

export type FetchOutcome = { status: "unchanged"; publicUrl: string } | { status: "fetched"; files: FetchedFile[] };

/** A publisher's download: the requests that bring its raw files, in the publisher's own format. */
export interface Feed {
  /** banxico, inegi, sat: the name the fetch command reports and its flags take. */
  id: string;
  publisher: string;
  rawFiles: readonly string[];
  /** Secrets the feed needs from the environment: checked before any download, masked in every message. */
  tokens?: readonly { env: string; what: string }[];
  fetch(ctx: FetchContext): Promise<FetchOutcome>;
}

/** Raised when a publisher's answer cannot be used; the message (Spanish) says why. */
export class FetchError extends Error {
  override readonly name = "FetchError";
}

/** The outcome of a feed whose one download is one raw file, as it came. */
export function singleFileOutcome(download: Download, rawFile: string, publicUrl: string): FetchOutcome {
  if (download.status === "unchanged") return { status: "unchanged", publicUrl };
  const { path: tempPath, etag, lastModified } = download;
  return { status: "fetched", files: [{ rawFile, tempPath, publicUrl, etag, lastModified }] };
}

/** A publisher's base URL: the official one, or the override (tests, mirrors) without a trailing slash. */
export function baseUrl(env: Record<string, string | undefined>, variable: string, official: string): string {
  return (env[variable] || official).replace(/\/+$/, "");
}
