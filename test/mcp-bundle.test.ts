// The MCP function packs part of the tree (netlify.toml's included_files): the API files it leaves out, it answers with the same bytes.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import fg from "fast-glob";
import { describe, expect, inject, it } from "vitest";
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

/** The tree's API files the MCP function does not pack (the dumps apart), and the packed files' reader. */
function leftOut(dist: string) {
  const packed = selected(dist, MCP_INCLUDED_FILES);
  const all = selected(dist, [`dist${API_BASE}/**`]);
  const left = [...all].filter((p) => !packed.has(p) && !p.startsWith(`${API_BASE}/dumps/`)).sort();
  const disk = diskFiles(dist);
  const api = packedApi({ get: (path) => (packed.has(path) ? disk.get(path) : undefined) }, {});
  return { packed, all, left, api };
}

/** The files of `paths` its packed API answers otherwise than with the file's bytes, with the status it gave. */
async function wrongAnswers(dist: string, api: ReturnType<typeof leftOut>["api"], paths: readonly string[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const path of paths) {
    // As a tool asks: the route's path, without the file's extension; a list's page by its query.
    const page = PAGE_FILE.exec(path);
    const request =
      page === null ? { path: path.replace(/\.json$/, ""), query: "" } : { path: page[1]!, query: `limit=${page[2]}&offset=${page[3]}` };
    const res = await api.app.request(`${request.path}?${request.query}`, undefined, { ip: "mcp" });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !body.equals(readFileSync(join(dist, path)))) wrong.push(`${path}: ${res.status}`);
  }
  return wrong;
}

/** Per folder, its first and last file and evenly spaced ones between, at most `perFolder` (every file of a smaller folder). */
function spread(paths: readonly string[], perFolder: number): string[] {
  const folders = new Map<string, string[]>();
  for (const p of paths) {
    const files = folders.get(dirname(p));
    if (files === undefined) folders.set(dirname(p), [p]);
    else files.push(p);
  }
  return [...folders.values()].flatMap((files) => {
    const stride = Math.ceil(files.length / perFolder);
    return files.filter((_, i) => i % stride === 0 || i === files.length - 1);
  });
}

describe("the MCP function's files", () => {
  it("leave out most of the tree; on the small snapshot's tree every left-out API file is answered from the dumps, byte for byte", async () => {
    const dist = inject("smallDistDir");
    const { packed, all, left, api } = leftOut(dist);
    expect(left.length).toBeGreaterThan(all.size / 2);
    expect(left.some((p) => PAGE_FILE.test(p))).toBe(true);
    expect((await wrongAnswers(dist, api, left)).slice(0, 10)).toEqual([]);
    // The search index it reads is packed.
    expect([...packed].some((p) => p.startsWith("/_data/"))).toBe(true);
  });

  it("on the whole tree too: in each folder of left-out files, the first, the last and up to 150 between, byte for byte", async () => {
    // Every one of the whole tree's 100,000 left-out files took 31 s of CPU, the run's third costliest file; the small
    // tree above holds every kind of left-out file, and this spread reaches the whole tree's every folder, page and end.
    const dist = await builtDist();
    const { all, left, api } = leftOut(dist);
    expect(left.length).toBeGreaterThan(all.size / 2);
    const sample = spread(left, 150);
    expect(sample.some((p) => PAGE_FILE.test(p))).toBe(true);
    expect(new Set(sample.map((p) => dirname(p)))).toEqual(new Set(left.map((p) => dirname(p))));
    expect((await wrongAnswers(dist, api, sample)).slice(0, 10)).toEqual([]);
  });
});
