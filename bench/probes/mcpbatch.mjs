// usage: node mcpbatch.mjs PORT N TOOL ARGSJSON  -> one POST with a batch of N tools/call
const [port, n, tool, args] = [
  process.argv[2],
  Number(process.argv[3]),
  process.argv[4] ?? "serie_banxico",
  process.argv[5] ?? '{"serie":"udi","to":"2030-01-01"}',
];
const batch = [];
for (let i = 0; i < n; i++) batch.push(`{"jsonrpc":"2.0","id":${i},"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`);
const body = `[${batch.join(",")}]`;
const t0 = performance.now();
try {
  const res = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    signal: AbortSignal.timeout(60000),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  console.log(
    JSON.stringify({
      n,
      bodyBytes: body.length,
      status: res.status,
      respBytes: buf.length,
      ms: Math.round(performance.now() - t0),
      head: buf.subarray(0, 150).toString(),
    }),
  );
} catch (e) {
  console.log(JSON.stringify({ n, bodyBytes: body.length, error: String(e.cause ?? e), ms: Math.round(performance.now() - t0) }));
}
