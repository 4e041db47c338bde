// Files of the same deploy (dumps) that a Netlify function reads: fetched once per instance, on first need.
import { HttpError, problem } from "./errors.ts";
import { platformEnv, routesAt, type PlatformContext } from "./netlify.ts";
import { Api } from "./app.ts";
import { SatData, type DumpReader } from "../handlers/sat.ts";
import type { Handler } from "../handler.ts";
import type { FunctionRouteId } from "../routes.ts";

export class DeployFiles {
  private readonly files = new Map<string, Uint8Array>();
  private readonly loading = new Map<string, Promise<Uint8Array>>();

  /** What the service reads: the files fetched so far. */
  readonly reader: DumpReader = (path) => this.files.get(path);

  /** Fetches `path` from the deploy of `requestUrl` unless it is already here; concurrent callers share one request. */
  async ensure(path: string, requestUrl: string): Promise<void> {
    if (this.files.has(path)) return;
    let pending = this.loading.get(path);
    if (pending === undefined) {
      pending = fetch(new URL(path, requestUrl)).then(async (res) => {
        if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
        return new Uint8Array(await res.arrayBuffer());
      });
      this.loading.set(path, pending);
      pending.then(
        () => this.loading.delete(path),
        () => this.loading.delete(path),
      );
    }
    this.files.set(path, await pending);
  }
}

/** The 503 a function answers when the file it needs could not be fetched. */
export function unavailableResponse(publicPath: string): Response {
  const error = new HttpError(503, "El catálogo no está disponible en este momento; vuelva a intentarlo en unos segundos.", [
    "Retry-After",
    "5",
  ]);
  return problem(error, publicPath, []);
}

/**
 * A function over deploy files: fetches them on first need, then answers through the API app over its own
 * `handlers` alone, mounting only the routes at `routerPaths` (its `config.path`).
 */
export function deployFileFunction(
  routerPaths: string | readonly string[],
  handlers: (data: () => SatData) => Partial<Record<FunctionRouteId, Handler>>,
  ...paths: string[]
): (req: Request, context: PlatformContext) => Promise<Response> {
  const files = new DeployFiles();
  const sat = new SatData(files.reader);
  const app = new Api({ env: platformEnv(), handlers: handlers(() => sat), routes: routesAt(routerPaths) }).app;
  return async (req, context) => {
    try {
      await Promise.all(paths.map((path) => files.ensure(path, req.url)));
    } catch {
      return unavailableResponse(new URL(req.url).pathname);
    }
    return app.fetch(req, context);
  };
}
