// A bad content file stops `npm run build` as a process: exit 1, the file and field named, nothing written.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "./helpers/tree.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

afterAll(removeTempDirs);

describe("the build with a malformed content file", () => {
  it("exits 1 naming the file and the field, and writes no tree", () => {
    // A copy of the program (content/ is read beside its own module), sharing the installed dependencies.
    const copy = tempDir("content-build");
    for (const dir of ["core", "build", "lib", "sources", "content", "site"]) cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
    for (const file of ["package.json", "tsconfig.json"]) cpSync(join(ROOT, file), join(copy, file));
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    const term = join(copy, "content/glossary/uma.md");
    writeFileSync(term, readFileSync(term, "utf8").replace(/^summary: .*$/m, "summary: 123"));

    const out = join(copy, "dist");
    const result = spawnSync(process.execPath, ["--import", "tsx", "build/main.ts", "--as-of", "2026-11-21", "--out", out], {
      cwd: copy,
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("glossary/uma.md");
    expect(result.stderr).toContain("summary");
    expect(existsSync(out)).toBe(false);
  });
});
