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

export function runChecks<T>(records: T, file: string, checks: NamedCheck<T>[]): CheckFailure[] {
  return checks.flatMap((check) => check.run(records, file));
}
