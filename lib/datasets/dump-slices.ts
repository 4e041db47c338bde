// The published dumps read in slices: a compact JSON array's elements and pages by byte offset, and a Banxico series' dump.
import { camel, SERVED_SERIES, SIE_SERIES, type Camel, type SeriesDefinition, type ServedKey, type SieSeriesConfig } from "./series.ts";
import { dumpPath, type DumpDatasetId } from "./dump-paths.ts";
import { Series, type DatedValue } from "../../core/series.ts";
import { sliceEtag, sourceTag } from "../http-kit/etag.ts";

const OPEN = 0x5b; // [
const CLOSE = 0x5d; // ]

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * Where each top-level element of a compact JSON array starts, plus one past the closing bracket's
 * predecessor (so element i spans starts[i] .. starts[i + 1] - 1). Null if the array is not compact
 * (whitespace outside strings) or not an array of values. One pass over the bytes, no JSON objects.
 */
function elementStarts(bytes: Uint8Array): Uint32Array | null {
  if (bytes[0] !== OPEN || bytes[bytes.length - 1] !== CLOSE) return null;
  let starts = new Uint32Array(1024);
  let count = 0;
  const push = (at: number): void => {
    if (count === starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = at;
  };
  if (bytes.length > 2) push(1);
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (b === BACKSLASH) escaped = true;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN || b === OPEN_BRACE) depth++;
    else if (b === CLOSE || b === CLOSE_BRACE) {
      depth--;
      if (depth === 0 && i !== bytes.length - 1) return null;
    } else if (b === COMMA && depth === 1) push(i + 1);
    else if (WHITESPACE.has(b)) return null;
  }
  if (depth !== 0 || inString) return null;
  push(bytes.length);
  return starts.subarray(0, count);
}

/**
 * The catalog as one compact JSON array plus the byte offset of every element. A page file is
 * JSON.stringify of a slice, i.e. "[" + elements joined by "," + "]", so a page is that byte range of the
 * array between brackets: no JSON work per request, and the same bytes (hence the same ETag) as the file.
 * The build writes the dump with JSON.stringify, so its bytes are used as they are; a reformatted dump is
 * re-encoded compactly first.
 */
export class CatalogPages {
  readonly size: number;
  private readonly bytes: Uint8Array;
  /** starts[i]: where element i begins; starts[size]: one past the comma or bracket after the last element. */
  private readonly starts: Uint32Array;
  /** The array's hash, made on the first ETag asked for: the slices' ETags derive from it. */
  private tag: string | undefined;

  constructor(dump: Uint8Array) {
    let bytes = dump;
    let starts = elementStarts(bytes);
    if (starts === null) {
      const list: unknown = JSON.parse(new TextDecoder().decode(dump));
      if (!Array.isArray(list)) throw new TypeError("the catalog dump is not a JSON array");
      bytes = new TextEncoder().encode(JSON.stringify(list));
      starts = elementStarts(bytes);
      if (starts === null) throw new TypeError("the catalog dump cannot be sliced");
    }
    this.bytes = bytes;
    this.starts = starts;
    this.size = starts.length - 1;
  }

  /** Element i alone, as its JSON text (no copy: a view into the array). */
  element(i: number): Uint8Array {
    return this.bytes.subarray(this.starts[i] as number, (this.starts[i + 1] as number) - 1);
  }

  /** The ETag of element(i): the array's and the element's position decide its bytes (a page's names two bounds). */
  elementEtag(i: number): string {
    this.tag ??= sourceTag(this.bytes);
    return sliceEtag(this.tag, i);
  }

  /** The ETag of page(offset, limit), from the array's and the page's bounds (past the end, every page is []). */
  pageEtag(offset: number, limit: number): string {
    this.tag ??= sourceTag(this.bytes);
    const from = Math.min(offset, this.size);
    const to = Math.min(this.size, offset + limit);
    return to <= from ? sliceEtag(this.tag, this.size, 0) : sliceEtag(this.tag, from, to - from);
  }

  /** The page body: elements [offset, offset + limit) as a JSON array; past the end, []. */
  page(offset: number, limit: number): Uint8Array {
    const from = Math.min(offset, this.size);
    const to = Math.min(this.size, offset + limit);
    if (to <= from) return Uint8Array.of(OPEN, CLOSE);
    const start = this.starts[from] as number;
    const end = (this.starts[to] as number) - 1; // the comma (or closing bracket) after the last element
    const body = new Uint8Array(end - start + 2);
    body[0] = OPEN;
    body.set(this.bytes.subarray(start, end), 1);
    body[body.length - 1] = CLOSE;
    return body;
  }
}

/** One series as its dump: the records' bytes (sliced per request) and their dates and values (searched). */
export class SeriesDump {
  /** The records as the dump publishes them, oldest first (what the calculations cite). */
  readonly records: readonly Record<string, unknown>[];
  readonly series: Series<DatedValue>;
  readonly pages: CatalogPages;

  constructor(dump: Uint8Array, valueField: "rate" | "value") {
    const records = JSON.parse(new TextDecoder().decode(dump)) as Record<string, unknown>[];
    this.records = records;
    this.series = new Series(records.map((r) => ({ date: String(r["date"]), value: Number(r[valueField]) })));
    this.pages = new CatalogPages(dump);
    if (this.pages.size !== this.series.length) throw new TypeError("the series dump cannot be sliced");
  }
}

/** The prefix of a published series' route ids (fxHistory, tiie28ByDate, …), from its id. */
export type SeriesPrefix = Camel<ServedKey>;

/** The route prefix, the dump and the record's value field of each published series (lib/datasets/series.ts). */
export const SERIES_ROUTES: readonly {
  prefix: SeriesPrefix;
  config: SieSeriesConfig;
  dump: DumpDatasetId;
  valueField: "rate" | "value";
}[] = SERVED_SERIES.map((id) => {
  const config: SeriesDefinition = SIE_SERIES[id];
  return { prefix: camel(id), config, dump: id, valueField: config.api.valueField };
});

export type SeriesStore = (prefix: SeriesPrefix) => SeriesDump;

const NO_RECORDS = new TextEncoder().encode("[]");

/**
 * The series over their JSON dumps as `read` gives them (by path), each parsed once, on first use; a dump `read` does
 * not have reads as no observations.
 */
export function seriesStore(read: (path: string) => Uint8Array | undefined): SeriesStore {
  const dumps = new Map<SeriesPrefix, SeriesDump>();
  return (prefix) => {
    let dump = dumps.get(prefix);
    if (dump === undefined) {
      const s = SERIES_ROUTES.find((r) => r.prefix === prefix) as (typeof SERIES_ROUTES)[number];
      dump = new SeriesDump(read(dumpPath(s.dump, "json")) ?? NO_RECORDS, s.valueField);
      dumps.set(prefix, dump);
    }
    return dump;
  };
}
