// Shared fixtures of the HTTP tests: the built tree of this run, and a small client.
import { request } from "node:http";
import { inject } from "vitest";
import { preload, type Preloaded } from "../server/preload.ts";

/** The publish directory every HTTP suite serves, built once per run by test/global-setup.ts. */
export async function builtDist(): Promise<string> {
  return inject("distDir");
}

let loaded: Preloaded | undefined;
/**
 * That tree loaded once per test worker for the suites that run the API or a server on it in process (about
 * 1.5 s of CPU a load; five suites did it each). Read-only, and never closed: it lives as long as the worker.
 */
export async function builtFiles(): Promise<Preloaded> {
  loaded ??= preload(await builtDist());
  return loaded;
}

/** The local server on that tree, started once per run by test/global-setup.ts; suites needing its internals or other settings start their own. */
export const sharedServer = (): { url: string } => ({ url: inject("serverUrl") });

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
