// The site tests' publish directory: one build of the real snapshot per state of the sources and the site, shared by the site and browser suites.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import { buildSite } from "../build/pipeline.ts";
import { AS_OF, RAW_DIR } from "./helpers/tree.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Hash of everything the build reads, the site's pages and assets included, so a cached tree is never stale. */
function sourceHash(): string {
  const hash = createHash("sha256").update(AS_OF);
  for (const f of fg.sync(["build/**/*.ts", "sources/**/*.ts", "lib/**/*.ts", "content/**/*.ts", "site/**/*"], { cwd: ROOT }).sort()) {
    hash.update(f).update(readFileSync(join(ROOT, f)));
  }
  return hash.digest("hex").slice(0, 16);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Built once into the temp directory. Test files run in parallel forks: the first to create the lock
 * directory builds while the others wait for the tree; a lock older than the wait (a killed run) is ignored.
 */
export async function siteDist(): Promise<string> {
  const cache = join(tmpdir(), "fmx-site-dist");
  const final = join(cache, sourceHash());
  const ready = (): boolean => existsSync(join(final, "index.html"));
  if (ready()) return final;
  mkdirSync(cache, { recursive: true });
  const lock = `${final}.lock`;
  let mine = true;
  try {
    mkdirSync(lock);
  } catch {
    mine = false;
  }
  if (!mine) {
    for (let waited = 0; waited < 150_000 && !ready(); waited += 250) await sleep(250);
    if (ready()) return final;
  }
  const staging = `${final}.${process.pid}`;
  try {
    await buildSite({ rawDir: RAW_DIR, asOf: AS_OF, outDir: join(staging, "dist"), env: {} });
    try {
      renameSync(join(staging, "dist"), final);
    } catch {
      if (!ready()) throw new Error(`could not place the built tree at ${final}`);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
    if (mine) rmSync(lock, { recursive: true, force: true });
  }
  return final;
}
