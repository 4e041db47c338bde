// How the MCP tools reach the API: the same pipeline, in process (local server and the Netlify function).
import type { Api } from "../http/api.ts";
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
