// `npm run bench:late`: the /calculos/recargos and /calculos/sbc results computed in process, no answer kept, per call and in memory, from a built dist/.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { recargosResult, sbcResult } from "../lib/calc/late.ts";
import { recordsFromFiles } from "../lib/calc/records.ts";
import { diskFiles } from "../lib/http/disk-files.ts";
import { addDays } from "../core/dates.ts";
import { ensureBuilt, median } from "./measure.ts";

const { values: opts } = parseArgs({
  options: {
    dist: { type: "string", default: "dist" },
    calls: { type: "string", default: "20000" },
    rounds: { type: "string", default: "5" },
  },
});
const DIST = resolve(opts.dist);
const CALLS = Number(opts.calls);

/** Microseconds per call of `run` over `CALLS` distinct queries, median of the rounds, and each round's figure. */
function measure(run: (i: number) => unknown): { median: number; rounds: number[] } {
  for (let i = 0; i < 1000; i++) run(i); // warm-up: records read and parsed, code compiled
  const rounds: number[] = [];
  for (let r = 0; r < Number(opts.rounds); r++) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) run(i);
    rounds.push(((performance.now() - started) * 1000) / CALLS);
  }
  return { median: median(rounds), rounds };
}

ensureBuilt(DIST);
const records = recordsFromFiles(diskFiles(DIST));
// Due dates from 2021-09-01 to 2025-10-09 and a payment on 2026-08-20: 11 to 60 months of delay, a rate a month.
const dues = Array.from({ length: 1500 }, (_, i) => addDays("2021-09-01", i));
const late = measure((i) =>
  recargosResult(records, { monto: `${1000 + (i % 997)}.00`, fechaLimite: dues[i % dues.length]!, fecha: "2026-08-20" }),
);
const sbc = measure((i) =>
  sbcResult(records, {
    salarioDiario: `${200 + (i % 5000)}.00`,
    anioServicio: String(1 + (i % 35)),
    anio: "2026",
    variables: "40.00",
    porcentaje: "30",
  }),
);
const fmt = (x: number): string => x.toFixed(2);
console.log(`${CALLS} calls a round, ${opts.rounds} rounds (median, each round in brackets), Node ${process.version}`);
console.log(`/calculos/recargos: ${fmt(late.median)} µs a call [${late.rounds.map(fmt).join(", ")}]`);
console.log(`/calculos/sbc:      ${fmt(sbc.median)} µs a call [${sbc.rounds.map(fmt).join(", ")}]`);
console.log(`heap used after: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MiB`);
