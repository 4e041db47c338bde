// `npm start` warns about stale data on every start, also when it serves a tree it did not just build.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { staleNotice } from "../build/stale-notice.ts";
import { AS_OF } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";
import { rawEntry, rawInpc } from "./helpers/raw-facts.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness } from "../lib/datasets/staleness.ts";
import { SERVED_SERIES } from "../lib/datasets/series.ts";
import { SIE_SOURCES } from "../sources/banxico.ts";
import { addDays } from "../core/dates.ts";
import { API_BASE } from "../lib/routes/routes.ts";
import type { StatusDocument } from "../core/schemas.ts";

/** A dataset's stale reason as of a date, by the rule of its definition's cadence. */
const judged = (id: string, latest: string, asOf: string): string | null =>
  staleness(DEFINITIONS.find((d) => d.id === id)!.cadence, latest, asOf).staleReason;

/** Starts server/main.ts on a built tree, collects its output until it listens, then stops it. */
async function startOutput(distDir: string): Promise<string> {
  const child = spawn(process.execPath, nodeArgs("server/main.ts"), {
    env: { ...process.env, FISCAL_DIST_DIR: distDir, PORT: "0", HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (c: Buffer) => (log += c.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (c: Buffer) => {
        log += c.toString();
        if (/en http:\/\/127\.0\.0\.1:\d+/.test(log)) resolve();
      });
      child.on("exit", () => reject(new Error(`the server exited early:\n${log}`)));
    });
  } finally {
    child.kill("SIGKILL");
  }
  return log;
}

describe("the data warning of npm start", () => {
  // The run's small tree (test/global-setup.ts), which nothing here changes.
  const distDir = inject("smallDistDir");

  it("is printed on a start that does not build, judged as of today", async () => {
    const log = await startOutput(distDir);
    expect(log).not.toContain("compilando");
    expect(log).toContain(`⚠ fx desactualizado: el último FIX (${rawEntry("banxico/SF43718.json").last}) está`);
    expect(log).toContain(`Datos compilados al ${AS_OF}; para actualizarlos: npm run fetch && npm run build.`);
  });

  it("judges the daily and monthly series as of the given day, and is empty while they are fresh", () => {
    // Every series is fresh on the earliest of their latest dates, and stale ten days after the latest.
    const lastOf = (key: (typeof SERVED_SERIES)[number]): string => rawEntry(SIE_SOURCES[key].rawFile).last!;
    const latest = SERVED_SERIES.map(lastOf).sort();
    // Intended (branch host, sources/sat-revisions.ts): a SAT sheet known to be behind SAT's revisions is stale whatever
    // the day, and npm start says so too; those lines are the build's verdict, not the day's, so they stand on both days.
    const status = JSON.parse(readFileSync(join(distDir, API_BASE, "status.json"), "utf8")) as StatusDocument;
    const behind = status.datasets
      .filter((d) => d.cadence === "por versión" && d.stale)
      .map((d) => `⚠ ${d.id} desactualizado: ${d.staleReason}`);
    const compiled = `Datos compilados al ${AS_OF}; para actualizarlos: npm run fetch && npm run build.`;
    expect(staleNotice(distDir, latest[0]!)).toEqual(behind.length === 0 ? [] : [...behind, compiled]);
    const late = addDays(latest.at(-1)!, 10);
    const inpcReason = judged("inpc", rawInpc().at(-1)!.period, late);
    expect(staleNotice(distDir, late)).toEqual([
      ...SERVED_SERIES.map((key) => `⚠ ${key} desactualizado: ${judged(key, lastOf(key), late)}`),
      ...(inpcReason === null ? [] : [`⚠ inpc desactualizado: ${inpcReason}`]),
      ...behind,
      compiled,
    ]);
  });
});
