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

/** Built once into the temp directory; parallel test files race to rename their copy into place and the loser uses the winner's. */
export async function siteDist(): Promise<string> {
  const cache = join(tmpdir(), "fmx-site-dist");
  const final = join(cache, sourceHash());
  if (existsSync(join(final, "index.html"))) return final;
  mkdirSync(cache, { recursive: true });
  const mine = `${final}.${process.pid}`;
  await buildSite({ rawDir: RAW_DIR, asOf: AS_OF, outDir: join(mine, "dist"), env: {} });
  try {
    renameSync(join(mine, "dist"), final);
  } catch {
    if (!existsSync(join(final, "index.html"))) throw new Error(`could not place the built tree at ${final}`);
  }
  rmSync(mine, { recursive: true, force: true });
  return final;
}
