// A fetch whose raw folder fills up removes every temporary file it wrote before it says the old files are intact.
// The fetch runs in a user and mount namespace of its own (unshare), where a tmpfs with 256 KiB free is the raw folder.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeArgs } from "./helpers/entry-args.ts";
import { FakePublishers } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { RAW_DIR, removeTempDirs, tempDir } from "./helpers/tree.ts";
import { patient } from "./helpers/patience.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Lists every file below the raw folder with its sha256, into `to` (outside the tmpfs, so this process reads it). */
const digest = (to: string): string => `(cd "$RAW" && find . -type f | LC_ALL=C sort | xargs -d '\\n' sha256sum) > "${to}"`;

/** Runs the fetch on a copy of raw/ in a nearly full tmpfs; returns its exit code, output and the trees before and after. */
function fetchOnFullDisk(env: Record<string, string>) {
  const out = tempDir("fetch-full");
  const raw = join(out, "raw");
  const script = [
    "set -e",
    'mkdir "$RAW"',
    'mount -t tmpfs -o size=32m tmpfs "$RAW"',
    `cp -r "${RAW_DIR}." "$RAW/"`,
    'mount -o remount,size=$(( $(df -B1 --output=used "$RAW" | tail -n 1) + 262144 )) "$RAW"',
    digest(join(out, "before")),
    "set +e",
    `"${process.execPath}" ${nodeArgs("tools/fetch.ts").join(" ")}`,
    "code=$?",
    digest(join(out, "after")),
    'exit "$code"',
  ].join("\n");
  const child = spawn("unshare", ["-rm", "sh", "-c", script], {
    cwd: ROOT,
    env: { PATH: process.env["PATH"] ?? "", ...env, RAW: raw, FISCAL_RAW_DIR: raw },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; tree: (when: string) => string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr, tree: (when) => readFileSync(join(out, when), "utf8") })),
  );
}

let fake: FakePublishers;
beforeAll(async () => {
  fake = await new FakePublishers(snapshotWorkbook()).start();
});
afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

describe("a fetch that fills the disk", () => {
  it("removes every temporary file it wrote, also another publisher's half download, and says the old files are intact", async () => {
    // INEGI's download is half written (its temporary file exists) when the larger ones find the disk full.
    fake.queue("inegi", "stall");
    const run = await fetchOnFullDisk(fake.env({ FISCAL_HTTP_TIMEOUT_MS: String(patient(1500)), FISCAL_HTTP_RETRIES: "0" }));
    const out = run.stdout + run.stderr;
    expect(run.code, out).toBe(4);
    expect(run.stderr).toContain(
      "La descarga se detuvo; se borraron sus archivos temporales; los archivos anteriores quedan intactos. No se pudo escribir",
    );
    expect(run.stderr).toContain("no queda espacio en el disco (ENOSPC)");
    expect(
      fake.requests.some((r) => r.publisher === "inegi"),
      out,
    ).toBe(true);
    // Every file is byte-identical to before: no temporary file, lock, journal or manifest change is left.
    const before = run.tree("before");
    expect(before).toContain("./manifest.json");
    expect(run.tree("after")).toBe(before);
  });
});
