// The victim of bench/attack.ts, in a process of its own so that the attacker's event loop never delays it:
// GET a static route every 50 ms between the given times, over 40 addresses, then print the latencies as JSON.
import { Agent } from "node:http";
import { send } from "./attacks.ts";

const [port, start, end, path] = [Number(process.argv[2]), Number(process.argv[3]), Number(process.argv[4]), process.argv[5] ?? "/"];
/** 40 addresses, a keep-alive connection each, so that the victim's own rate limit never answers it. */
const FROM = Array.from({ length: 40 }, (_, i) => `127.0.2.${i + 1}`);
const agents = FROM.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
const ms: number[] = [];
// Started early (loading tsx takes seconds on a busy machine), it polls from `start` with the attack.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now())));
let failed = 0;
for (let n = 0; Date.now() < end; n++) {
  const t0 = performance.now();
  const r = await send(port, "GET", path, { from: FROM[n % FROM.length], agent: agents[n % FROM.length], timeoutMs: 5000 });
  if (r.status === 200) ms.push(performance.now() - t0);
  else failed++;
  await new Promise((resolve) => setTimeout(resolve, 50));
}
for (const a of agents) a.destroy();
console.log(JSON.stringify({ ms, failed }));
