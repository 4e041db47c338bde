// The local server alone in a process, as `npm start` runs it, for bench/search.ts: reports its own CPU time and heap allocation between two marks.
// stdin lines: "start" marks the beginning, "stop" prints {cpuUs, allocated, gcs, pauseMs} since the mark. stdout's first line is {url}.
// With a second argument `node` or `hono`, the floor under it instead: the same answer's bytes and headers (one search,
// taken from the API in process) replayed by a bare node:http handler, or by a one-route Hono app on @hono/node-server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { createApp, startServer } from "../server/app.ts";
import { heapMark } from "./heap-use.ts";

/** The query whose answer the floors replay: one of bench/search.ts's repeated ones. */
const FLOOR_QUERY = "/api/v1/public/cfdi/buscar?q=papel%20bond&catalogo=clave-prod-serv";

/** A server on port 0 that answers every request with the API's own answer to FLOOR_QUERY, through `kind`. */
async function floorServer(dist: string, kind: string): Promise<{ url: string; close(): Promise<void> }> {
  const { api, files } = createApp(dist, { FISCAL_RATE_LIMIT: "1000000000" });
  const res = await api.app.request(`http://127.0.0.1${FLOOR_QUERY}`, undefined, { ip: "127.0.0.1" });
  const body = new Uint8Array(await res.arrayBuffer());
  const headers = Object.fromEntries(res.headers);
  files.close();
  let server: Server;
  if (kind === "node") {
    server = createServer((_req, out) => {
      out.writeHead(200, headers);
      out.end(body);
    });
  } else if (kind === "hono") {
    const app = new Hono();
    app.get("*", () => new Response(body, { status: 200, headers }));
    server = createServer(getRequestListener(app.fetch));
  } else throw new Error(`search server: no floor «${kind}» (node, hono)`);
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) };
}

async function main(): Promise<void> {
  const [dist, floor] = process.argv.slice(2);
  if (dist === undefined) throw new Error("usage: search-server.ts DIST [node|hono]");
  const server =
    floor === undefined
      ? await startServer({ distDir: dist, port: 0, env: { FISCAL_RATE_LIMIT: "1000000000" } })
      : await floorServer(dist, floor);
  console.log(JSON.stringify({ url: server.url }));
  let mark: ReturnType<typeof heapMark> | undefined;
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "start") {
      mark = heapMark();
      console.log(JSON.stringify({ started: true }));
    } else if (line === "stop" && mark !== undefined) {
      console.log(JSON.stringify(mark.stop()));
    }
  }
  await server.close();
}

await main();
