// The atomic tree writer: a half-written tree never replaces the old one; identical files keep their inodes.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TreeWriter } from "../build/write.ts";
import { removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";

afterAll(removeTempDirs);

const file = (path: string, text: string) => ({ path, data: Buffer.from(text) });

async function writeTree(outDir: string, files: ReturnType<typeof file>[]) {
  const writer = new TreeWriter(outDir);
  for (const f of files) writer.add(f);
  return writer.commit();
}

describe("TreeWriter", () => {
  it("swaps in a new tree, links unchanged files and drops removed ones", async () => {
    const out = join(tempDir("write"), "dist");
    expect(await writeTree(out, [file("/a/x.json", "1"), file("/a/y.json", "2"), file("/b.json", "3")])).toMatchObject({ files: 3, written: 3 });
    const inode = statSync(join(out, "a/x.json")).ino;
    const stats = await writeTree(out, [file("/a/x.json", "1"), file("/a/y.json", "22")]);
    expect(stats).toEqual({ files: 2, bytes: 3, written: 1, unchanged: 1, removed: 1 });
    expect(statSync(join(out, "a/x.json")).ino).toBe(inode);
    expect(readFileSync(join(out, "a/y.json"), "utf8")).toBe("22");
    expect(existsSync(join(out, "b.json"))).toBe(false);
  });

  it("leaves the previous tree untouched when aborted mid-way", async () => {
    const out = join(tempDir("write"), "dist");
    await writeTree(out, [file("/keep.json", "old")]);
    const before = treeDigest(out);
    const writer = new TreeWriter(out);
    for (let i = 0; i < 5000; i++) writer.add(file(`/many/${i}.json`, String(i)));
    await writer.abort();
    expect(treeDigest(out)).toEqual(before);
    expect(existsSync(`${out}.staging`)).toBe(false);
  });

  it("refuses to swap in a tree a writer failed to complete, and keeps the previous one", async () => {
    const out = join(tempDir("write"), "dist");
    await writeTree(out, [file("/keep.json", "old")]);
    const before = treeDigest(out);
    const writer = new TreeWriter(out);
    // The second path needs a directory where the first one is a file: that writer fails mid-batch.
    writer.add(file("/a.json", "1"));
    writer.add(file("/a.json/b.json", "2"));
    // A full batch goes to the writers at once; let them fail well before the build asks for the result.
    for (let i = 0; i < 4000; i++) writer.add(file(`/many/${i}.json`, String(i)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(writer.commit()).rejects.toThrow(/no se pudo escribir/);
    expect(treeDigest(out)).toEqual(before);
    expect(existsSync(`${out}.staging`)).toBe(false);
  });
});
