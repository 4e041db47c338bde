// How the MCP tools reach the API: the same pipeline in process (local server), or the deploy's files and in-process handlers (Netlify).
import type { Api } from "../http/api.ts";
import { Router } from "../http/router.ts";
import type { ApiCall } from "./server.ts";

const decoder = new TextDecoder();

/** Through the pipeline of this process, without its rate limit (the MCP request was counted once already). */
export function inProcessCall(api: Api): ApiCall {
  return async (path, query) => {
    const result = api.handle({ method: "GET", path, query, header: () => undefined, ip: "mcp" });
    if (result === null) return { status: 404, body: "" };
    return { status: result.status, body: result.body === null ? "" : decoder.decode(result.body) };
  };
}

/**
 * On Netlify: function routes through the pipeline bundled here, file routes from the deploy's own CDN
 * (exactly what a REST client gets), so the function carries no copy of the tens of thousands of files.
 */
export function deployCall(api: Api, origin: string): ApiCall {
  const local = inProcessCall(api);
  const router = new Router();
  return async (path, query) => {
    let kind: "file" | "function" | undefined;
    try {
      kind = router.match(path)?.route.kind;
    } catch {
      kind = "function"; // a malformed path parameter: the pipeline answers the 400 itself
    }
    if (kind !== "file") return local(path, query);
    const res = await fetch(new URL(`${path}${query.length > 0 ? `?${query}` : ""}`, origin), { headers: { Accept: "application/json" } });
    return { status: res.status, body: await res.text() };
  };
}
