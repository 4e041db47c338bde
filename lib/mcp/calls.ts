// How the MCP tools reach the API: the same Hono app, in process (local server and the Netlify function).
import type { Api } from "../http/app.ts";
import type { ApiCall } from "./server.ts";
import { DATA_DATE_HEADER, DATA_STALE_HEADER, DATASETS_HEADER } from "../http-kit/headers.ts";

/** Through the app of this process, without its rate limit (the MCP request was counted once already). */
export function inProcessCall(api: Api): ApiCall {
  return async (path, query, sent) => {
    const init = sent === undefined ? undefined : { method: "POST", headers: { "content-type": sent.type }, body: sent.text };
    const res = await api.app.request(`http://mcp${path}${query === "" ? "" : `?${query}`}`, init, { ip: "mcp" });
    const body = await res.text();
    if (res.headers.get(DATA_STALE_HEADER) !== "true") return { status: res.status, body };
    const stale = { datasets: res.headers.get(DATASETS_HEADER) ?? "", dates: res.headers.get(DATA_DATE_HEADER) ?? "" };
    return { status: res.status, body, stale };
  };
}
