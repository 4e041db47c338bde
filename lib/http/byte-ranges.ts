// The dumps' byte ranges and preconditions (RFC 9110 §13, §14): one range or the whole file, If-Range, If-Match.
import { DUMP_INDEX, DUMPS_DIR } from "../datasets/dump-paths.ts";
import { ifNoneMatchHits } from "../http-kit/etag.ts";
import { HttpError } from "../http-kit/errors.ts";
import { respond, type HeaderList, type StaticFile } from "../http-kit/respond.ts";
import { fileResponse } from "./static.ts";

/** A bulk download (not the index, which is an API document like any other). */
export const isDumpFile = (path: string): boolean => path.startsWith(`${DUMPS_DIR}/`) && path !== DUMP_INDEX;

/** Longer Range values are no single range a client means: ignored, not parsed. */
const MAX_RANGE_LENGTH = 100;
const SINGLE_RANGE = /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i;

/**
 * The inclusive bounds of the one range `header` asks of `size` bytes, "unsatisfiable" where no byte of it exists;
 * undefined where absent, malformed or several ranges, which RFC 9110 §14.2 lets a server ignore (no multipart body).
 */
function singleRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  if (header === undefined || header.length > MAX_RANGE_LENGTH) return undefined;
  const m = SINGLE_RANGE.exec(header);
  if (m === null) return undefined;
  const [, first = "", last = ""] = m;
  if (first === "") {
    if (last === "") return undefined;
    const n = Number(last);
    return n === 0 || size === 0 ? "unsatisfiable" : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return undefined;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/** Whether If-Match lets the request through: absent, `*`, or a list naming the strong ETag (strong comparison, §13.1.1). */
function ifMatchPasses(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  return header.split(",").some((raw) => {
    const tag = raw.trim();
    return tag === "*" || tag === etag;
  });
}

/**
 * A dump's answer to the request headers `header` reads: 412 when If-Match fails, 304 when If-None-Match hits (before
 * the body is read), 206 with the range asked unless If-Range names another representation, 416 past the end, else
 * the whole file, with Accept-Ranges.
 */
export function dumpResponse(file: StaticFile, header: (name: string) => string | undefined, extra: HeaderList): Response {
  if (!ifMatchPasses(header("if-match"), file.etag)) {
    throw new HttpError(412, "El archivo ya no es el que indica `If-Match`: cambió. Pídalo completo de nuevo o con su `ETag` actual.");
  }
  if (ifNoneMatchHits(header("if-none-match"), file.etag))
    return respond(304, [...file.kind.notModified, "ETag", file.etag, ...extra], null);
  const accept = ["Accept-Ranges", "bytes"];
  // If-Range with anything but this strong ETag (another tag, a weak one, a date) asks for the whole file (§13.1.5).
  const ifRange = header("if-range");
  const range = ifRange === undefined || ifRange.trim() === file.etag ? singleRange(header("range"), file.size) : undefined;
  if (range === "unsatisfiable") {
    throw new HttpError(416, `El rango pedido en \`Range\` queda fuera del archivo, que tiene ${file.size} bytes.`, [
      "Content-Range",
      `bytes */${file.size}`,
    ]);
  }
  if (range === undefined) return fileResponse(file, [...accept, ...extra]);
  const { start, end } = range;
  const headers = [...file.kind.ok, "Content-Length", String(end - start + 1), "Content-Range", `bytes ${start}-${end}/${file.size}`];
  return respond(206, [...headers, "ETag", file.etag, ...accept, ...extra], file.body.subarray(start, end + 1));
}
