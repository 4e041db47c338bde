// The local server's byte ranges and preconditions on the dumps (RFC 9110 §13, §14), over the wire.
import { describe, expect, it } from "vitest";
import { API_BASE } from "../lib/datasets/dump-paths.ts";
import { PROBLEM_TYPE } from "../lib/http-kit/errors.ts";
import { get, sharedServer, type Reply } from "./http-setup.ts";

const { url } = sharedServer();
const at = (path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> => get(url, path, { headers, method });

interface IndexEntry {
  format: string;
  url: string;
  bytes: number;
}

async function dumps(): Promise<IndexEntry[]> {
  return ((await at(`${API_BASE}/dumps/index.json`)).json() as { files: IndexEntry[] }).files;
}

/** One dump of each format, with its whole bytes and ETag. */
async function oneOfEach(): Promise<{ entry: IndexEntry; whole: Reply }[]> {
  const files = await dumps();
  const formats = [...new Set(files.map((f) => f.format))];
  return Promise.all(
    formats.map(async (format) => {
      const entry = files.find((f) => f.format === format) as IndexEntry;
      return { entry, whole: await at(entry.url) };
    }),
  );
}

/** The first dump of the index (JSON), whole. */
async function firstDump(): Promise<{ entry: IndexEntry; whole: Reply }> {
  const [entry] = await dumps();
  if (entry === undefined) throw new Error("the dumps index lists no file");
  return { entry, whole: await at(entry.url) };
}

describe("dump ranges", () => {
  it("cover every format of the index", async () => {
    expect(new Set((await dumps()).map((f) => f.format))).toEqual(new Set(["json", "csv", "ndjson", "sqlite", "xlsx"]));
  });

  it("say Accept-Ranges on the whole file and answer bytes=a-b, a- and -n with exactly those bytes", async () => {
    for (const { entry, whole } of await oneOfEach()) {
      const size = entry.bytes;
      expect(whole.status, entry.url).toBe(200);
      expect(whole.headers["accept-ranges"], entry.url).toBe("bytes");
      expect(whole.body.length, entry.url).toBe(size);
      const cases: [string, number, number][] = [
        ["bytes=0-9", 0, 9],
        [`bytes=5-${size + 100}`, 5, size - 1],
        [`bytes=${size - 7}-`, size - 7, size - 1],
        ["bytes=-12", size - 12, size - 1],
        [`bytes=-${size * 2}`, 0, size - 1],
        [`bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
      ];
      for (const [range, start, end] of cases) {
        const part = await at(entry.url, { Range: range });
        expect(part.status, `${entry.url} ${range}`).toBe(206);
        expect(part.headers["content-range"], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers["content-length"], range).toBe(String(end - start + 1));
        expect(part.headers.etag, range).toBe(whole.headers.etag);
        expect(part.headers["content-type"], range).toBe(whole.headers["content-type"]);
        expect(part.headers["accept-ranges"], range).toBe("bytes");
        expect(part.body.equals(whole.body.subarray(start, end + 1)), `${entry.url} ${range}`).toBe(true);
      }
    }
  });

  it("answer a range past the end with a 416 problem that gives the size", async () => {
    const { entry } = await firstDump();
    for (const range of [`bytes=${entry.bytes}-`, `bytes=${entry.bytes + 5}-${entry.bytes + 9}`, "bytes=-0"]) {
      const res = await at(entry.url, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers["content-range"], range).toBe(`bytes */${entry.bytes}`);
      expect(res.headers["content-type"]).toBe(PROBLEM_TYPE);
      const body = res.json() as { status: number; title: string; detail: string; instance: string };
      expect(body.status).toBe(416);
      expect(body.title).toBe("Rango no satisfacible");
      expect(body.detail).toContain(`${entry.bytes} bytes`);
      expect(body.instance).toBe(entry.url);
    }
  });

  it("ignore multi-range and malformed Range headers and send the whole file", async () => {
    const { entry, whole } = await firstDump();
    for (const range of ["bytes=0-1,5-9", "bytes=9-3", "bytes=-", "items=0-9", "bytes=a-b", "bytes 0-9", `bytes=0-${"9".repeat(120)}`]) {
      const res = await at(entry.url, { Range: range });
      expect(res.status, range).toBe(200);
      expect(res.headers["content-range"], range).toBeUndefined();
      expect(res.headers["accept-ranges"], range).toBe("bytes");
      expect(res.body.equals(whole.body), range).toBe(true);
    }
  });

  it("honour If-Range only with the file's strong ETag", async () => {
    const { entry, whole } = await firstDump();
    const etag = whole.headers.etag as string;
    expect((await at(entry.url, { Range: "bytes=0-3", "If-Range": etag })).status).toBe(206);
    for (const other of ['"otro"', `W/${etag}`, "Tue, 01 Dec 2026 00:00:00 GMT"]) {
      const res = await at(entry.url, { Range: "bytes=0-3", "If-Range": other });
      expect(res.status, other).toBe(200);
      expect(res.body.equals(whole.body), other).toBe(true);
    }
  });

  it("answer If-Match with another ETag by 412, and let through *, its strong ETag or a list naming it", async () => {
    const { entry, whole } = await firstDump();
    const etag = whole.headers.etag as string;
    for (const other of ['"otro"', `W/${etag}`]) {
      const res = await at(entry.url, { "If-Match": other });
      expect(res.status, other).toBe(412);
      expect(res.headers["content-type"]).toBe(PROBLEM_TYPE);
      expect((res.json() as { title: string }).title).toBe("Condición previa no cumplida");
      expect((await at(entry.url, { "If-Match": other, Range: "bytes=0-3" })).status, other).toBe(412);
    }
    for (const ok of ["*", etag, `"otro", ${etag}`]) expect((await at(entry.url, { "If-Match": ok })).status, ok).toBe(200);
    expect((await at(entry.url, { "If-Match": etag, Range: "bytes=0-3" })).status).toBe(206);
    expect((await at(entry.url, { "If-None-Match": etag })).status).toBe(304);
  });

  it("send on HEAD the headers of the GET and no body", async () => {
    const { entry } = await firstDump();
    const asks: Record<string, string>[] = [{}, { Range: "bytes=2-5" }, { Range: `bytes=${entry.bytes}-` }, { "If-Match": '"otro"' }];
    for (const headers of asks) {
      const g = await at(entry.url, headers);
      const h = await at(entry.url, headers, "HEAD");
      expect(h.status).toBe(g.status);
      expect(h.body.length).toBe(0);
      // The date and the rate-limit count move between the two requests.
      const strip = ({
        date: _d,
        "x-fmx-rate-limit-remaining": _r,
        "x-fmx-rate-limit-reset": _s,
        ...rest
      }: Reply["headers"]): Reply["headers"] => rest;
      expect(strip(h.headers)).toEqual(strip(g.headers));
    }
  });

  it("leave the other files alone: the dumps index and API documents neither take ranges nor say Accept-Ranges", async () => {
    for (const path of [`${API_BASE}/dumps/index.json`, `${API_BASE}/openapi.json`]) {
      const res = await at(path, { Range: "bytes=0-3", "If-Match": '"otro"' });
      expect(res.status, path).toBe(200);
      expect(res.headers["accept-ranges"], path).toBeUndefined();
    }
  });
});
