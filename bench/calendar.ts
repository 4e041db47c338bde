// `npm run bench:calendar`: the calendar's costs in process: a year computed from the tables, a range answered by the function's handler, and each iCalendar feed rendered.
import { parseArgs } from "node:util";
import { FiscalCalendar } from "../core/calendar.ts";
import { addDays } from "../core/dates.ts";
import { calendarRangeHandler } from "../lib/handlers/calendar.ts";
import { calendarOf } from "../lib/datasets/calendar.ts";
import { feed, FEED_IDS } from "../lib/calendar/ical.ts";

const { values: opts } = parseArgs({
  options: { rounds: { type: "string", default: "200" }, "as-of": { type: "string", default: "2026-12-01" } },
});
const rounds = Number(opts.rounds);

/** Median of `rounds` timings of `run`, in microseconds. */
function median(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    run();
    times.push((performance.now() - start) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const tables = calendarOf().tables;
const coldYear = median(() => new FiscalCalendar(tables).year(2026));
const handler = calendarRangeHandler();
let n = 0;
// A new range each time (the handler keeps 256 answers), so each request computes and encodes one of about a year and a half.
const coldRange = median(() => {
  n++;
  handler({ pathValues: {}, query: { desde: addDays("2026-01-01", n % 365), hasta: addDays("2027-06-30", n % 180) }, now: 0 });
});
const keptRange = median(() => handler({ pathValues: {}, query: { desde: "2026-01-01", hasta: "2027-12-31" }, now: 0 }));
const feeds = FEED_IDS.map((id) => {
  let bytes = 0;
  const us = median(() => {
    bytes = Buffer.byteLength(feed(id, opts["as-of"], "https://fiscal-mx.netlify.app"));
  });
  return { id, us, bytes };
});
const rss = process.memoryUsage().rss / 1e6;

console.log(`rounds ${rounds}, as of ${opts["as-of"]}, node ${process.version}`);
console.log(`year 2026 from the tables (new calendar): median ${coldYear.toFixed(0)} µs`);
console.log(
  `range 2026-01-01..2027-12-31, computed and encoded: median ${coldRange.toFixed(0)} µs; kept answer: ${keptRange.toFixed(1)} µs`,
);
for (const f of feeds) console.log(`feed ${f.id}: ${(f.bytes / 1024).toFixed(1)} KiB, rendered in ${(f.us / 1000).toFixed(2)} ms`);
console.log(`rss ${rss.toFixed(0)} MB`);
