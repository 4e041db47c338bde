// Finding 5's attacker as its own process: IN_FLIGHT keep-alive connections from one address, each sending costly catalog
// searches (eight frequent words and a prefix, distinct each time, so no answer is cached) one after another for SECONDS;
// prints the count of each status as JSON. usage: node search-flood.mjs URL FROM IN_FLIGHT SECONDS
import { Agent, request } from "node:http";

const [url, from, inFlight, seconds] = [new URL(process.argv[2]), process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const WORDS = ["servicio", "producto", "material", "equipo", "sistema", "accesorio", "partes", "industrial", "electrico", "metal"];
const MORE = ["plastico", "papel", "agua", "control", "unidad", "medico", "construccion", "madera", "vehiculo", "tubo", "cable"];
/** Eight words chosen and ordered by n (distinct for every n below 21^8), then a prefix. */
const query = (n) => {
  const words = [...WORDS, ...MORE];
  const picked = [];
  for (let k = n; picked.length < 8; k = Math.floor(k / words.length)) picked.push(...words.splice(k % words.length, 1));
  return `${picked.join(" ")} co`;
};
const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
const get = (path) =>
  new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, agent, localAddress: from }, (res) => {
      res.resume();
      res.on("end", () => resolve(String(res.statusCode)));
    });
    req.on("error", (e) => resolve(e.code ?? "error"));
    req.end();
  });
const end = Date.now() + seconds * 1000;
const counts = {};
let n = 1000;
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (Date.now() < end) {
      const status = await get(`/api/v1/public/cfdi/buscar?limit=50&q=${encodeURIComponent(query(n++))}`);
      counts[status] = (counts[status] ?? 0) + 1;
    }
  }),
);
agent.destroy();
console.log(JSON.stringify(counts));
