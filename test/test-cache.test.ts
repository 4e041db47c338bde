// The test tree cache lives in the checkout and is keyed on the build's sources, the raw files and the dependencies.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { inputsHash } from "./helpers/cache-key.ts";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";

afterAll(removeTempDirs);

describe("the test tree cache", () => {
  it("is inside this checkout (node_modules/.cache), unless FISCAL_DIST_DIR names the tree", () => {
    if (process.env["FISCAL_DIST_DIR"]) return;
    expect(inject("distDir")).toContain(join(process.cwd(), "node_modules/.cache/fiscal-mx-test/"));
  });

  it("changes key with any source, raw file, the lock file or the date, and only then", () => {
    const root = tempDir("key");
    const raw = join(root, "raw");
    const files: Record<string, string> = {
      "build/main.ts": "a",
      "sources/x.ts": "b",
      "lib/y.ts": "c",
      "content/z.ts": "d",
      "site/p.ts": "e",
      "package-lock.json": "{}",
      "raw/banxico/SF43718.json": "[]",
      "raw/manifest.json": "{}",
    };
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(root, f, ".."), { recursive: true });
      writeFileSync(join(root, f), text);
    }
    const key = () => inputsHash(root, raw, "2026-11-21");
    const first = key();
    writeFileSync(join(root, "README.md"), "not an input");
    expect(key()).toBe(first);
    const seen = new Set([first]);
    for (const f of Object.keys(files)) {
      writeFileSync(join(root, f), `${files[f]} changed`);
      seen.add(key());
    }
    expect(seen.size).toBe(Object.keys(files).length + 1);
    expect(inputsHash(root, raw, "2026-11-22")).not.toBe(key());
  });
});
