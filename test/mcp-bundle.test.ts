// The MCP function packs part of the tree (netlify.toml's included_files): every API file it leaves out, it answers with the same bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { MCP_INCLUDED_FILES } from "../build/netlify.ts";
import { diskFiles } from "../lib/http/disk-files.ts";
import { packedApi } from "../lib/mcp/packed-api.ts";
import { API_BASE } from "../lib/routes/routes.ts";
import { builtDist } from "./http-setup.ts";

/** The tree's paths ("/api/v1/public/…") that globs relative to the checkout ("dist/…") select, `!` globs excluded. */
function selected(dist: string, globs: readonly string[]): Set<string> {
  const rel = (g: string): string => g.replace(/^(!?)dist\//, "$1");
  return new Set(fg.sync(globs.map(rel), { cwd: dist, dot: true }).map((p) => `/${p}`));
}

/** A paged list's page file: the list's path, its limit and offset. */
const PAGE_FILE = /^(.+)\/limit-(\d+)\/offset-(\d+)\.json$/;

describe("the MCP function's files", () => {
  it("leave out most of the tree and answer every left-out API file from the dumps, byte for byte", async () => {
    const dist = await builtDist();
    const packed = selected(dist, MCP_INCLUDED_FILES);
    const all = selected(dist, [`dist${API_BASE}/**`]);
    const left = [...all].filter((p) => !packed.has(p) && !p.startsWith(`${API_BASE}/dumps/`));
    expect(left.length).toBeGreaterThan(all.size / 2);
    const disk = diskFiles(dist);
    const api = packedApi({ get: (path) => (packed.has(path) ? disk.get(path) : undefined) }, {});
    const wrong: string[] = [];
    for (const path of left) {
      // As a tool asks: the route's path, without the file's extension; a list's page by its query.
      const page = PAGE_FILE.exec(path);
      const request =
        page === null ? { path: path.replace(/\.json$/, ""), query: "" } : { path: page[1]!, query: `limit=${page[2]}&offset=${page[3]}` };
      const res = await api.app.request(`${request.path}?${request.query}`, undefined, { ip: "mcp" });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.equals(readFileSync(join(dist, path)))) wrong.push(`${path}: ${res.status}`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(left.some((p) => PAGE_FILE.test(p))).toBe(true);
    // The search index it reads is packed.
    expect([...packed].some((p) => p.startsWith("/_data/"))).toBe(true);
  });
});
