// Finding 9 of the reliability probe: disk full, read-only folders and permission denied are messages for the
// operator (the path relative to the project, what to do, an exit code of its own), never stack traces, and a
// fetch's local write errors are not "error de red". Each command runs as a process in a mount namespace of
// its own (unshare), where a tiny or read-only tmpfs stands in for the full or read-only disk.
import { spawn } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FakePublishers } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { smallRaw } from "./helpers/raw.ts";
import { AS_OF, RAW_DIR, removeTempDirs, tempDir } from "./helpers/tree.ts";
import { nodeArgs } from "./helpers/entry-args.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Whether another user can reach the checkout (and so run its bundled build) through every folder above it. */
function othersReachCheckout(): boolean {
  for (let d = ROOT; d !== dirname(d); d = dirname(d)) if ((statSync(d).mode & 0o001) === 0) return false;
  return true;
}
/** As root, a read-only folder is still writable: the permission case needs another user who can run the project. */
const canDenyPermission = process.getuid?.() !== 0 || othersReachCheckout();
/** Inside the project, so that the messages can name paths relative to it. */
const SCRATCH = join(ROOT, "node_modules/.cache");
const scratch: string[] = [];

let fake: FakePublishers;
beforeAll(async () => {
  fake = await new FakePublishers(snapshotWorkbook()).start();
});
afterAll(async () => {
  await fake.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
  removeTempDirs();
});

function scratchDir(): string {
  mkdirSync(SCRATCH, { recursive: true });
  const dir = mkdtempSync(join(SCRATCH, "fmx-operator-"));
  scratch.push(dir);
  return dir;
}

/** Runs a command to its end without blocking this process (the fake publishers answer from it). */
function exec(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, out })));
}

/**
 * Runs `node <script> …args` (bundled) after `setup` (shell lines run as root of a new user and mount
 * namespace, where mounts are private and vanish with the process).
 */
function run(setup: string, script: string, args: string[], env: Record<string, string>) {
  const line = `set -e; ${setup}; exec "${process.execPath}" ${nodeArgs(script).join(" ")} "$@"`;
  return exec("unshare", ["-rm", "sh", "-c", line, "sh", ...args], env);
}

/** Runs it as a user who may not write `dir` (nobody, when the tests run as root). */
function runAsOther(dir: string, script: string, args: string[], env: Record<string, string>) {
  chmodSync(dir, 0o555);
  const node = [process.execPath, ...nodeArgs(script), ...args];
  const root = process.getuid?.() === 0;
  // The run's TMPDIR is private to this user: one that user may write.
  const asOther = { TMPDIR: "/tmp", ...env };
  return root
    ? exec("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", ...node], asOther)
    : exec(node[0] as string, node.slice(1), asOther);
}

/** The test run's temporary folder that holds `dir`. */
const tmpRoot = (dir: string): string => dirname(dirname(dir));

/** No stack trace: no "    at …" frame lines, no absolute path of the project's code or of its bundle. */
function noStack(out: string): void {
  expect(out).not.toMatch(/^\s+at /m);
  expect(out).not.toContain(`${ROOT}build`);
  expect(out).not.toContain(inject("entryBundles"));
}

describe("the build on a disk that cannot take its files", () => {
  let raw: string;
  beforeAll(() => {
    raw = smallRaw();
  });

  it("disk full: names the folder relative to the project, says what to do, exits 4", async () => {
    // The disk is the folder that holds dist/: the build replaces dist/ itself by a rename.
    const disk = scratchDir();
    const out = join(disk, "dist");
    const r = await run(`mount -t tmpfs -o size=256k tmpfs "${disk}"`, "build/main.ts", ["--as-of", AS_OF, "--out", out], {
      FISCAL_RAW_DIR: raw,
    });
    expect(r.code, r.out).toBe(4);
    expect(r.out).toContain(`No se pudo escribir ${relative(ROOT, disk)}/`);
    expect(r.out).toContain(
      "no queda espacio en el disco (ENOSPC). Qué hacer: libere espacio en ese disco y vuelva a ejecutar npm run build.",
    );
    noStack(r.out);
  });

  it("read-only folder: exits 5", async () => {
    const disk = scratchDir();
    const out = join(disk, "dist");
    const r = await run(`mount -t tmpfs -o ro tmpfs "${disk}"`, "build/main.ts", ["--as-of", AS_OF, "--out", out], {
      FISCAL_RAW_DIR: raw,
    });
    expect(r.code, r.out).toBe(5);
    expect(r.out).toContain(`No se pudo escribir ${relative(ROOT, disk)}/`);
    expect(r.out).toContain("solo lectura (EROFS)");
    noStack(r.out);
  });

  // Skipped only where the tests run as root in a checkout no other user can reach (a private mktemp folder).
  it.skipIf(!canDenyPermission)(
    "permission denied: exits 6",
    async () => {
      const out = scratchDir();
      // The raw copy must stay readable to that user.
      for (let d = raw; d !== dirname(d) && d.startsWith(tmpRoot(raw)); d = dirname(d)) chmodSync(d, 0o755);
      const r = await runAsOther(out, "build/main.ts", ["--as-of", AS_OF, "--out", join(out, "dist")], { FISCAL_RAW_DIR: raw });
      expect(r.code, r.out).toBe(6);
      expect(r.out).toContain(`No se pudo escribir ${relative(ROOT, out)}`);
      expect(r.out).toContain("permiso denegado (EACCES)");
      noStack(r.out);
    },
    120_000,
  );
});

describe("the fetch into a raw folder that cannot take its files", () => {
  const env = (raw: string): Record<string, string> => fake.env({ FISCAL_RAW_DIR: raw, FISCAL_HTTP_RETRIES: "0" });

  it("read-only raw folder: exits 5 naming it, before any download", async () => {
    const raw = tempDir("raw-ro");
    cpSync(join(RAW_DIR, "manifest.json"), join(raw, "manifest.json"));
    const r = await run(
      `mount --bind "${raw}" "${raw}"; mount -o remount,ro,bind "${raw}"`,
      "tools/fetch.ts",
      ["--only=banxico"],
      env(raw),
    );
    expect(r.code, r.out).toBe(5);
    expect(r.out).toContain("solo lectura (EROFS)");
    expect(r.out).toContain("npm run fetch");
    expect(r.out).not.toContain("error de red");
    noStack(r.out);
  });

  it("disk full during a download: exits 4, not an error of the network", async () => {
    const raw = scratchDir();
    const r = await run(
      `mount -t tmpfs -o size=64k tmpfs "${raw}"; cp "${join(RAW_DIR, "manifest.json")}" "${raw}/"`,
      "tools/fetch.ts",
      ["--only=banxico"],
      env(raw),
    );
    expect(r.code, r.out).toBe(4);
    expect(r.out).toContain(`No se pudo escribir ${relative(ROOT, raw)}/banxico/`);
    expect(r.out).toContain("no queda espacio en el disco (ENOSPC)");
    expect(r.out).not.toContain("error de red");
    noStack(r.out);
  });
});
