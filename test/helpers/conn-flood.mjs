// Finding 3's flood as its own process: from one address, CONNECTIONS connections that send unfinished headers, each reopened
// 20 ms after it closes, for SECONDS; prints how many were opened and what came back, as JSON.
// usage: node conn-flood.mjs PORT FROM CONNECTIONS SECONDS
import { connect } from "node:net";

const [port, from, connections, seconds] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const end = Date.now() + seconds * 1000;
const counts = { opened: 0, 429: 0, reset: 0, other: 0 };
const open = () => {
  if (Date.now() >= end) return;
  counts.opened++;
  const socket = connect({ port, host: "127.0.0.1", localAddress: from });
  let first = true;
  socket.on("connect", () => socket.write("GET /api/v1/public/uma/2026 HTTP/1.1\r\nHost: x\r\n"));
  socket.on("data", (c) => {
    if (first) counts[c.toString("latin1", 9, 12) === "429" ? 429 : "other"]++;
    first = false;
  });
  socket.on("error", (e) => counts[e.code === "ECONNRESET" ? "reset" : "other"]++);
  socket.on("close", () => setTimeout(open, 20));
};
for (let i = 0; i < connections; i++) open();
setTimeout(() => {
  console.log(JSON.stringify(counts));
  process.exit(0);
}, seconds * 1000);
