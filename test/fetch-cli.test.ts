// The `npm run fetch` command itself: exit codes, what it prints, and where it writes.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakePublishers } from "./helpers/publishers.ts";
import { buildWorkbook, shortSheets } from "./helpers/sat-workbook.ts";
import { removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";
import { patient } from "./helpers/patience.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FAST = { FISCAL_HTTP_TIMEOUT_MS: String(patient(500)), FISCAL_HTTP_RETRIES: "1", FISCAL_HTTP_BACKOFF_MS: "10" };

let fake: FakePublishers;

/** Runs tools/fetch.ts in its own process (asynchronously: the fake publishers live in this one). */
async function fetchCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...nodeArgs("tools/fetch.ts"), ...args], {
      cwd: ROOT,
      env: { PATH: process.env["PATH"] ?? "", ...fake.env(), ...FAST, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? "", stderr: e.stderr ?? "" };
  }
}

beforeAll(async () => {
  // The large SAT sheets cut short: the command's behaviour is the same, and converting the snapshot's whole
  // workbook back to CSV byte for byte is shown once, in process, by test/fetch.test.ts.
  fake = await new FakePublishers(buildWorkbook(shortSheets())).start();
});

afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

describe("npm run fetch", () => {
  it("creates the raw directory, fetches all three publishers and exits 0", async () => {
    const raw = join(tempDir("fetch-cli"), "nested/raw");
    const run = await fetchCommand([], { FISCAL_RAW_DIR: raw });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✓ banxico — Banco de México \(SIE\): 4 de 4 archivos actualizados/);
    expect(run.stdout).toMatch(/inegi\/inpc-628194\.json: 320 filas, 2000-01 … 2026-08/);
    expect(run.stdout).toMatch(/sat\/catCFDI\/c_ClaveProdServ\.csv: 100 filas, 01010101 … 10131603/);
    expect(existsSync(join(raw, "manifest.json"))).toBe(true);
  });

  it("names the failing source and its reason, tries the others, and exits 1", async () => {
    const raw = tempDir("fetch-cli-fail");
    fake.reset();
    fake.queue("sat-page", "maintenance");
    const first = await fetchCommand(["--only=banxico,sat"], { FISCAL_RAW_DIR: raw });
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(
      /✗ sat — SAT \(Anexo 20 y complemento de Nómina\): no se actualizó; se conservan sus archivos anteriores\./,
    );
    // The maintenance page is HTML, as the Anexo 20 page is: what gives it away is the missing workbook link.
    expect(first.stderr).toMatch(/la página del Anexo 20 no enlaza ningún libro catCFDI_V_4_\*\.xls/);
    expect(first.stderr).toMatch(/1 de 2 fuentes fallaron \(sat\)/);
    expect(first.stdout).toMatch(/✓ banxico/);
    expect(JSON.parse(readFileSync(join(raw, "manifest.json"), "utf8"))).toHaveProperty(["files", "banxico/SF43718.json"]);

    // A second run where Banxico now fails: its file and the manifest stay byte for byte.
    const before = treeDigest(raw);
    const second = await fetchCommand(["--only", "banxico"], { FISCAL_RAW_DIR: raw, BANXICO_TOKEN: "token-caducado-123" });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/✗ banxico — Banco de México \(SIE\).*\n.*HTTP 401/);
    expect(second.stderr).not.toContain("token-caducado-123");
    expect(treeDigest(raw)).toEqual(before);
  });

  it("refuses an unknown source with a usage message and exit code 2", async () => {
    const run = await fetchCommand(["--accept-removals=banxcio"], { FISCAL_RAW_DIR: tempDir("fetch-cli-usage") });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--accept-removals: fuente desconocida banxcio \(se aceptan banxico, inegi, sat\)/);
    expect(run.stderr).toMatch(/^Uso: npm run fetch/m);
  });
});
