// How the MCP tools reach the API: the same Hono app, in process (local server and the Netlify function).
import type { Api } from "../http/app.ts";
import type { ApiCall } from "./server.ts";

/** Through the app of this process, without its rate limit (the MCP request was counted once already). */
export function inProcessCall(api: Api): ApiCall {
  return async (path, query, body) => {
    const init = body === undefined ? undefined : { method: "POST", headers: { "content-type": body.type }, body: body.text };
    const res = await api.app.request(`http://mcp${path}${query === "" ? "" : `?${query}`}`, init, { ip: "mcp" });
    return { status: res.status, body: await res.text() };
  };
}
