// Findings 6 and 9 of issue 29 for bench/attack.ts: the fetch killed while it replaces files, and the build into a read-only folder.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadDatasets } from "../build/datasets.ts";
import { pendingFeeds } from "../build/fetch-journal.ts";
import { explained, killedMidway } from "../test/helpers/killed-fetch.ts";
import { FakePublishers } from "../test/helpers/publishers.ts";
import { removeTempDirs } from "../test/helpers/tree.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** A fetch killed the moment it renames its first file: whether every file is explained, and what the build says. */
export async function killedFetch(): Promise<string> {
  const fake = await new FakePublishers().start();
  try {
    const raw = await killedMidway(fake);
    const journal = pendingFeeds(raw);
    const build = await loadDatasets(raw).then(
      () => "the build reads it",
      (e: Error) => e.message.split("\n").slice(1, 3).join(" ").trim(),
    );
    return `files explained by the manifest or a journal: ${explained(raw)}; journal: ${journal.join(", ") || "none"}; build: ${build}`;
  } finally {
    await fake.close();
    removeTempDirs();
  }
}

/** `npm run build` into a read-only tmpfs (a mount namespace of its own): its exit code, message, and whether a stack was printed. */
export function unwritableBuild(dist: string): string {
  const cache = join(ROOT, "node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  const disk = mkdtempSync(join(cache, "fmx-attack-"));
  try {
    const line = `set -e; mount -t tmpfs -o ro tmpfs "${disk}"; exec "${process.execPath}" --import tsx build/main.ts --out "${disk}/dist"`;
    const r = spawnSync("unshare", ["-rm", "sh", "-c", line], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, FISCAL_DIST_DIR: dist },
    });
    const last = r.stderr.trim().split("\n").slice(-1)[0] ?? "";
    return `exit ${r.status}; stack trace printed: ${/^\s+at /m.test(r.stderr)}; last line: ${last}`;
  } finally {
    rmSync(disk, { recursive: true, force: true });
  }
}
