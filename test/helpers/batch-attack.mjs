// The batch probe of finding 1 as its own process: ROUNDS rounds of CONCURRENCY POSTs to /mcp, each a batch of 100 costly
// tools/call; prints the count of each answer ("400 -32600": 80) as JSON. usage: node batch-attack.mjs URL ROUNDS CONCURRENCY
const [url, rounds, concurrency] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const call = (i) =>
  `{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"serie_banxico","arguments":{"serie":"udi","to":"2030-01-01"}}}`;
const body = `[${Array.from({ length: 100 }, (_, i) => call(i)).join(",")}]`;
const counts = {};
for (let r = 0; r < rounds; r++) {
  const answers = await Promise.all(
    Array.from({ length: concurrency }, async () => {
      try {
        const res = await fetch(`${url}/mcp`, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          signal: AbortSignal.timeout(60000),
        });
        const json = await res.json().catch(() => ({}));
        return `${res.status} ${json.error?.code ?? "-"}`;
      } catch (e) {
        return `error ${e.cause?.code ?? e.name}`;
      }
    }),
  );
  for (const a of answers) counts[a] = (counts[a] ?? 0) + 1;
}
console.log(JSON.stringify(counts));
