// The tree writer: a half-written tree never replaces the old one; files the new tree lacks are gone.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_MARKER } from "../build/out-dir.ts";
import { writeTree } from "../build/write.ts";
import { removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";

afterAll(removeTempDirs);

const file = (path: string, text: string) => ({ path, data: Buffer.from(text) });

describe("writeTree", () => {
  it("swaps in a new tree with the build's marker and drops removed files", () => {
    const out = join(tempDir("write"), "dist");
    expect(writeTree(out, [file("/a/x.json", "1"), file("/a/y.json", "2"), file("/b.json", "3")])).toMatchObject({ files: 3, removed: 0 });
    expect(existsSync(join(out, BUILD_MARKER))).toBe(true);
    const stats = writeTree(out, [file("/a/x.json", "1"), file("/a/y.json", "22")]);
    expect(stats).toEqual({ files: 2, bytes: 3, removed: 1 });
    expect(existsSync(join(out, BUILD_MARKER))).toBe(true);
    expect(readFileSync(join(out, "a/x.json"), "utf8")).toBe("1");
    expect(readFileSync(join(out, "a/y.json"), "utf8")).toBe("22");
    expect(existsSync(join(out, "b.json"))).toBe(false);
    expect(existsSync(`${out}.old`) || existsSync(`${out}.staging`)).toBe(false);
  });

  it("keeps the previous tree and leaves no staging folder when a file cannot be written", () => {
    const out = join(tempDir("write"), "dist");
    writeTree(out, [file("/keep.json", "old")]);
    const before = treeDigest(out);
    // The second path needs a directory where the first one is a file.
    expect(() => writeTree(out, [file("/a.json", "1"), file("/a.json/b.json", "2")])).toThrow(/no se pudo escribir/);
    expect(treeDigest(out)).toEqual(before);
    expect(existsSync(`${out}.staging`)).toBe(false);
  });
});
