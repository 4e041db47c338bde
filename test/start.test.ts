// `npm start` warns about stale data on every start, also when it serves a tree it did not just build.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTree } from "../build/pipeline.ts";
import { staleNotice } from "../build/stale-notice.ts";
import { AS_OF, removeTempDirs, tempDir } from "./helpers/tree.ts";
import { smallRaw } from "./helpers/raw.ts";

afterAll(removeTempDirs);

/** Starts server/main.ts on a built tree, collects its output until it listens, then stops it. */
async function startOutput(distDir: string): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
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
  let distDir: string;
  beforeAll(async () => {
    distDir = join(tempDir("start"), "dist");
    await buildTree({ rawDir: smallRaw(), asOf: AS_OF, outDir: distDir, env: {} });
  });

  it("is printed on a start that does not build, judged as of today", async () => {
    const log = await startOutput(distDir);
    expect(log).not.toContain("compilando");
    expect(log).toContain("⚠ fx desactualizado: el último FIX (2026-08-21) está");
    expect(log).toContain(`Datos compilados al ${AS_OF}; para actualizarlos: npm run fetch && npm run build.`);
  });

  it("judges the daily and monthly series as of the given day, and is empty while they are fresh", () => {
    // The snapshot's UDI ends 2025-11-30 and its TIIE 28 on 2025-11-25: every series is fresh as of 2025-11-25.
    expect(staleNotice(distDir, "2025-11-25")).toEqual([]);
    expect(staleNotice(distDir, "2026-08-31")).toEqual([
      "⚠ fx desactualizado: el último FIX (2026-08-21) está 6 días hábiles detrás de la fecha de corte 2026-08-31",
      "⚠ udi desactualizado: no hay valor de la UDI para la fecha de corte 2026-08-31; el último es del 2025-11-30",
      "⚠ tiie-28 desactualizado: la última TIIE a 28 días (2025-11-25) está 199 días hábiles detrás de la fecha de corte 2026-08-31",
      `Datos compilados al ${AS_OF}; para actualizarlos: npm run fetch && npm run build.`,
    ]);
  });
});
