// The local server alone in a process, as `npm start` runs it, for bench/search.ts: reports its own CPU time and heap allocation between two marks.
// stdin lines: "start" marks the beginning, "stop" prints {cpuUs, allocated, gcs, pauseMs} since the mark. stdout's first line is {url}.
import { createInterface } from "node:readline";
import { startServer } from "../server/app.ts";
import { heapMark } from "./heap-use.ts";

async function main(): Promise<void> {
  const dist = process.argv[2];
  if (dist === undefined) throw new Error("usage: search-server.ts DIST");
  const server = await startServer({ distDir: dist, port: 0, env: { FISCAL_RATE_LIMIT: "1000000000" } });
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
