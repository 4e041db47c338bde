// Several addresses holding connections as their own process: from each of FROM (comma-separated), CONNECTIONS
// connections, half opened and left silent (half-open), half sending unfinished headers a byte a second (slowloris),
// each reopened 20 ms after it closes, until its standard input ends (the test closes it once it has what it
// needs, or dies); then prints how many were opened and how many closed, as JSON.
// usage: node hold-connections.mjs PORT FROM CONNECTIONS
import { connect } from "node:net";

const [port, from, connections] = [Number(process.argv[2]), process.argv[3].split(","), Number(process.argv[4])];
let holding = true;
const counts = { opened: 0, closed: 0, held: 0 };
const open = (address, slow) => {
  if (!holding) return;
  counts.opened++;
  const socket = connect({ port, host: "127.0.0.1", localAddress: address });
  let drip;
  socket.on("connect", () => {
    counts.held++;
    if (!slow) return;
    socket.write("GET /api/v1/public/uma/2026 HTTP/1.1\r\nHost: x\r\n");
    drip = setInterval(() => socket.write("X"), 1000);
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    counts.closed++;
    clearInterval(drip);
    setTimeout(() => open(address, slow), 20);
  });
};
for (const address of from) for (let i = 0; i < connections; i++) open(address, i % 2 === 1);
process.stdin.on("data", () => {});
process.stdin.on("end", () => {
  holding = false;
  console.log(JSON.stringify(counts));
  process.exit(0);
});
