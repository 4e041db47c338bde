// The fetch command as a real process: retries that outlive the event loop, exit codes, refusals, lock, SIGTERM.
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { secretForms } from "../tools/redact.ts";
import { LOCK_FILE } from "../tools/fetch-lock.ts";
import { runFetchChild, startFetch, waitFor } from "./helpers/fetch-child.ts";
import { FakePublishers } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { RAW_DIR, removeTempDirs, tempDir, treeDigest } from "./helpers/tree.ts";
import { patient } from "./helpers/patience.ts";

/** Short timeouts, one retry after a backoff long enough that an unreferenced wait would end the process. */
/** The fake publishers answer at once; a loaded machine still needs more than 0.4 s for the SIE answer of every series. */
const TIMEOUT_MS = patient(400);
const QUICK = {
  FISCAL_HTTP_TIMEOUT_MS: String(TIMEOUT_MS),
  FISCAL_HTTP_RETRIES: "1",
  FISCAL_HTTP_BACKOFF_MS: "600",
  FISCAL_HTTP_MAX_BACKOFF_MS: "600",
};

let fake: FakePublishers;

/** A raw directory holding yesterday's Banxico and INEGI files and the manifest. */
function seededRaw(): string {
  const dir = tempDir("fetch-proc");
  for (const part of ["banxico", "inegi", "manifest.json"]) cpSync(join(RAW_DIR, part), join(dir, part), { recursive: true });
  return dir;
}

const env = (raw: string, extra: Record<string, string> = {}): Record<string, string> =>
  fake.env({ ...QUICK, FISCAL_RAW_DIR: raw, ...extra });
const requestsTo = (publisher: string): number => fake.requests.filter((r) => r.publisher === publisher).length;
const tempsIn = (dir: string): string[] => [...treeDigest(dir).keys()].filter((f) => f.endsWith(".tmp") || f.includes(LOCK_FILE));

beforeAll(async () => {
  fake = await new FakePublishers(snapshotWorkbook()).start();
});

beforeEach(() => fake.reset());

afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

describe("retries in a standalone process", () => {
  it("a 503 then success: waits out the backoff, writes the file and exits 0", async () => {
    fake.queue("banxico", { status: 503 });
    const raw = tempDir("fetch-proc-503");
    const run = await runFetchChild(["--only=banxico"], env(raw));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/HTTP 503; reintento 1 de 1 en 0\.\d s/);
    expect(run.stdout).toMatch(/✓ banxico — Banco de México \(SIE\): \d+ de \d+ archivos actualizados/);
    expect(readFileSync(join(raw, "banxico/SF43718.json")).equals(readFileSync(join(RAW_DIR, "banxico/SF43718.json")))).toBe(true);
    expect(requestsTo("banxico")).toBe(2);
  });

  it("a timeout then success", async () => {
    fake.queue("inegi", "hang");
    const raw = tempDir("fetch-proc-timeout");
    const run = await runFetchChild(["--only=inegi"], env(raw));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(
      `tiempo de espera agotado: el publicador dejó de responder más de ${(TIMEOUT_MS / 1000).toFixed(1)} s; reintento 1 de 1`,
    );
    expect(run.stdout).toMatch(/✓ inegi — INEGI/);
    expect(requestsTo("inegi")).toBe(2);
  });

  it("a persistent failure: the others are tried, the failing publisher is named with its reason, exit 1", async () => {
    fake.queue("inegi", { status: 503 }, { status: 503 });
    const raw = seededRaw();
    const before = treeDigest(join(raw, "inegi"));
    const run = await runFetchChild(["--only=banxico,inegi"], env(raw));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/✓ banxico/);
    expect(run.stderr).toMatch(
      /✗ inegi — INEGI \(API de Indicadores\): no se actualizó; se conservan sus archivos anteriores\.\n.*HTTP 503/,
    );
    expect(run.stderr).toMatch(/1 de 2 fuentes fallaron \(inegi\)/);
    expect(treeDigest(join(raw, "inegi"))).toEqual(before);
  });

  it("the overall deadline ends a download, even while it waits for a Retry-After", async () => {
    fake.queue("banxico", { status: 503, retryAfter: "30" });
    const raw = seededRaw();
    const started = Date.now();
    const run = await runFetchChild(["--only=banxico"], env(raw, { FISCAL_HTTP_DEADLINE_MS: "1500", FISCAL_HTTP_RETRIES: "3" }));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/se agotó el plazo total de la descarga \(1\.5 s, FISCAL_HTTP_DEADLINE_MS\)/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(requestsTo("banxico")).toBe(1);
  });
});

describe("refused before any network use", () => {
  it("nonsense HTTP settings, each named, exit 2, nothing created", async () => {
    const raw = join(tempDir("fetch-proc-settings"), "raw");
    const run = await runFetchChild(
      [],
      env(raw, {
        FISCAL_HTTP_TIMEOUT_MS: "0",
        FISCAL_HTTP_CONNECT_TIMEOUT_MS: "-5",
        FISCAL_HTTP_DEADLINE_MS: "diez",
        FISCAL_HTTP_RETRIES: "99",
        FISCAL_HTTP_BACKOFF_MS: "1e3",
      }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/FISCAL_HTTP_TIMEOUT_MS=0 fuera de rango: debe estar entre 1 y 3600000 ms/);
    expect(run.stderr).toMatch(/FISCAL_HTTP_CONNECT_TIMEOUT_MS="-5" no es un entero no negativo/);
    expect(run.stderr).toMatch(/FISCAL_HTTP_DEADLINE_MS="diez" no es un entero no negativo/);
    expect(run.stderr).toMatch(/FISCAL_HTTP_RETRIES=99 fuera de rango: debe estar entre 0 y 10/);
    expect(run.stderr).toMatch(/FISCAL_HTTP_BACKOFF_MS="1e3" no es un entero/);
    expect(fake.requests).toHaveLength(0);
    expect(existsSync(raw)).toBe(false);
  });

  it("missing tokens, every one named, exit 2, no request", async () => {
    const raw = seededRaw();
    const before = treeDigest(raw);
    const run = await runFetchChild([], env(raw, { BANXICO_TOKEN: "", INEGI_TOKEN: "" }));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/banxico — Banco de México \(SIE\): falta BANXICO_TOKEN/);
    expect(run.stderr).toMatch(/inegi — INEGI \(API de Indicadores\): falta INEGI_TOKEN/);
    expect(fake.requests).toHaveLength(0);
    expect(treeDigest(raw)).toEqual(before);
  });
});

describe("a failed fetch leaves nothing behind", () => {
  it("no empty raw directory when every publisher failed", async () => {
    const raw = join(tempDir("fetch-proc-empty"), "nested", "raw");
    fake.queue("banxico", { status: 500 });
    fake.queue("inegi", { status: 500 });
    fake.queue("sat-page", { status: 500 });
    const run = await runFetchChild([], env(raw, { FISCAL_HTTP_RETRIES: "0" }));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/3 de 3 fuentes fallaron \(banxico, inegi, sat\)/);
    expect(existsSync(join(raw, ".."))).toBe(false);
  });
});

describe("one fetch per raw directory", () => {
  it("a second fetch is refused naming the holder's pid; a stale lock is taken over", async () => {
    const raw = seededRaw();
    fake.queue("banxico", "hang");
    const first = startFetch(["--only=banxico"], env(raw, { FISCAL_HTTP_TIMEOUT_MS: "30000" }));
    await waitFor(() => requestsTo("banxico") === 1, "the first fetch's request", first);
    expect(readFileSync(join(raw, LOCK_FILE), "utf8").trim()).toBe(String(first.process.pid));

    const second = await runFetchChild(["--only=inegi"], env(raw));
    expect(second.code).toBe(3);
    expect(second.stderr).toContain(`otra descarga (pid ${first.process.pid}) está usando ${raw}; espera a que termine`);
    expect(requestsTo("inegi")).toBe(0);

    first.process.kill("SIGTERM");
    expect((await first.done).code).toBe(143);
    expect(existsSync(join(raw, LOCK_FILE))).toBe(false);

    // A lock left by a process that no longer exists.
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(join(raw, LOCK_FILE), `${dead}\n`);
    const third = await runFetchChild(["--only=inegi"], env(raw));
    expect(third.code, third.stdout + third.stderr).toBe(0);
    expect(third.stdout).toContain(`candado abandonado ${join(raw, LOCK_FILE)} (pid ${dead}, que ya no existe); se retoma`);
    expect(tempsIn(raw)).toEqual([]);
  });
});

describe("SIGTERM during a download", () => {
  it("removes the half-written file, keeps yesterday's, releases the lock and exits 143", async () => {
    const raw = seededRaw();
    const before = treeDigest(raw);
    fake.queue("banxico", "stall");
    const child = startFetch(["--only=banxico"], env(raw, { FISCAL_HTTP_TIMEOUT_MS: "30000" }));
    const partial = (): string[] =>
      readdirSync(join(raw, "banxico")).filter((f) => f.endsWith(".tmp") && statSync(join(raw, "banxico", f)).size > 0);
    await waitFor(() => partial().length > 0, "a half-written download", child);
    child.process.kill("SIGTERM");
    const run = await child.done;
    expect(run.code).toBe(143);
    expect(run.stderr).toMatch(/SIGTERM: se interrumpen las descargas/);
    expect(run.stderr).toMatch(/descarga interrumpida: se pidió terminar el proceso/);
    expect(tempsIn(raw)).toEqual([]);
    expect(treeDigest(raw)).toEqual(before);
  });
});

describe("tokens never reach the output", () => {
  it("not raw, percent-encoded, hex or base64, even in retry lines that quote the URL", async () => {
    const tokens = { BANXICO_TOKEN: "bmx-Tok/en+Secreto=1", INEGI_TOKEN: "inegi tok/en+ñ&x=2" };
    fake.queue("inegi", { status: 503 }, { status: 503 });
    const run = await runFetchChild(["--only=banxico,inegi"], env(seededRaw(), tokens));
    expect(run.code).toBe(1);
    // The INEGI token is a path segment: the retry line quotes the path, masked.
    expect(run.stdout).toMatch(/BIE\/2\.0\/\*\*\*\?type=json: HTTP 503; reintento 1 de 1/);
    expect(run.stderr).toMatch(/✗ banxico[\s\S]*HTTP 401/);
    const output = run.stdout + run.stderr;
    for (const token of Object.values(tokens)) {
      for (const form of secretForms(token)) expect(output, `form ${form}`).not.toContain(form);
    }
  });
});
