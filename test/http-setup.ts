// Shared fixtures of the HTTP tests: one build of dist/ per source state, reused by every test file, and a small client.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fg from "fast-glob";
import { buildSite } from "../build/pipeline.ts";
import { AS_OF, RAW_DIR } from "./helpers/tree.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Hash of everything the build reads from the repository, so a cached tree is never stale. */
function sourceHash(): string {
  const hash = createHash("sha256").update(AS_OF);
  for (const f of fg.sync(["build/**/*.ts", "sources/**/*.ts", "lib/**/*.ts", "content/**/*.ts"], { cwd: ROOT }).sort()) {
    hash.update(f).update(readFileSync(join(ROOT, f)));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * The publish directory for the current sources, built once into the temp directory. Test files run in
 * parallel forks: each builds into its own directory and renames it into place; whoever loses the race
 * throws its copy away and uses the winner's.
 */
export async function builtDist(): Promise<string> {
  const cache = join(tmpdir(), "fmx-http-dist");
  const final = join(cache, sourceHash());
  if (existsSync(join(final, "api"))) return final;
  mkdirSync(cache, { recursive: true });
  const mine = `${final}.${process.pid}`;
  await buildSite({ rawDir: RAW_DIR, asOf: AS_OF, outDir: join(mine, "dist"), env: {} });
  try {
    renameSync(join(mine, "dist"), final);
  } catch {
    if (!existsSync(join(final, "api"))) throw new Error(`could not place the built tree at ${final}`);
  }
  rmSync(mine, { recursive: true, force: true });
  return final;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json(): unknown;
}

export interface GetOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Source address of the client socket (127.0.0.x), to look like distinct clients. */
  localAddress?: string;
}

/** One request over a fresh connection (node:http), so `localAddress` applies; `path` is sent as given. */
export function get(origin: string, path: string, options: GetOptions = {}): Promise<Reply> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        agent: false,
        ...(options.localAddress !== undefined && { localAddress: options.localAddress }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString("utf8")) as unknown });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
