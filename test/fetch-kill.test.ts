// Finding 6 of the reliability probe: a fetch killed with SIGKILL while it replaces a publisher's files leaves
// raw/ consistent: each file is its old self (the manifest's) or its new self (the journal's); the build says
// what happened and what to run, and the next fetch completes the manifest even when every publisher fails.
import { cpSync, readFileSync, watch, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatasets } from "../build/datasets.ts";
import { pendingFeeds } from "../build/fetch-journal.ts";
import { runFetchChild, startFetch } from "./helpers/fetch-child.ts";
import { FakePublishers } from "./helpers/publishers.ts";
import { RAW_DIR, removeTempDirs, tempDir } from "./helpers/tree.ts";

let fake: FakePublishers;
beforeAll(async () => {
  fake = await new FakePublishers().start();
});
afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

const QUICK = { FISCAL_HTTP_TIMEOUT_MS: "2000", FISCAL_HTTP_RETRIES: "0" };
const FILES = ["banxico/SF43718.json", "banxico/SP68257.json", "banxico/SF43783.json", "inegi/inpc-628194.json"];
const sha = (path: string): string => createHash("sha256").update(readFileSync(path)).digest("hex");

/** The SIE answer without its last `n` observations (an older download of the same series). */
function olderSie(text: string, n: number): string {
  const json = JSON.parse(text) as { bmx: { series: { datos: unknown[] }[] } };
  for (const s of json.bmx.series) s.datos = s.datos.slice(0, -n);
  return JSON.stringify(json);
}

/** The INEGI answer without its newest `n` observations (they come first). */
function olderInegi(text: string, n: number): string {
  const json = JSON.parse(text) as { Series: { OBSERVATIONS: unknown[] }[] };
  for (const s of json.Series) s.OBSERVATIONS = s.OBSERVATIONS.slice(n);
  return JSON.stringify(json);
}

/** A whole raw directory whose Banxico and INEGI files are a few observations older, fetched and recorded. */
async function olderRaw(): Promise<string> {
  const raw = tempDir("fetch-kill");
  cpSync(RAW_DIR, raw, { recursive: true });
  const full = { fx: fake.banxicoJson, udi: fake.udiJson, tiie: fake.tiieJson, inpc: fake.inegiJson };
  fake.banxicoJson = olderSie(full.fx, 3);
  fake.udiJson = olderSie(full.udi, 3);
  fake.tiieJson = olderSie(full.tiie, 3);
  fake.inegiJson = olderInegi(full.inpc, 1);
  const seeded = await runFetchChild(["--only=banxico,inegi"], fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }));
  expect(seeded.code, seeded.stdout + seeded.stderr).toBe(0);
  Object.assign(fake, { banxicoJson: full.fx, udiJson: full.udi, tiieJson: full.tiie, inegiJson: full.inpc });
  return raw;
}

/** Every file as the manifest says, or as a journal of an unfinished replacement says. */
function explained(raw: string): boolean {
  const manifest = JSON.parse(readFileSync(join(raw, "manifest.json"), "utf8")) as { files: Record<string, { sha256: string }> };
  const journaled: Record<string, string> = {};
  for (const feed of pendingFeeds(raw)) {
    const j = JSON.parse(readFileSync(join(raw, `.fetch-pending.${feed}.json`), "utf8")) as { files: Record<string, { sha256: string }> };
    for (const [f, e] of Object.entries(j.files)) journaled[f] = e.sha256;
  }
  return FILES.every((f) => [manifest.files[f]?.sha256, journaled[f]].includes(sha(join(raw, f))));
}

describe("a fetch killed while it replaces files", () => {
  it("leaves every file explained, a build message naming the cause and the command, and a manifest the next fetch completes", async () => {
    const raw = await olderRaw();
    const child = startFetch(["--only=banxico,inegi"], fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }));
    // Killed the moment the first file is renamed into place: before the manifest can follow it.
    const watchers = ["banxico", "inegi"].map((d) =>
      watch(join(raw, d), (_event, name) => {
        if (name !== null && !name.startsWith(".")) child.process.kill("SIGKILL");
      }),
    );
    const run = await child.done;
    for (const w of watchers) w.close();
    expect(run.signal).toBe("SIGKILL");
    expect(explained(raw)).toBe(true);
    // Killed inside a replacement (the usual case), the build refuses saying what happened and what to run;
    // killed just after one, the manifest already follows the files and the build reads them.
    const failure = await loadDatasets(raw).then(
      () => "",
      (e: Error) => e.message,
    );
    if (pendingFeeds(raw).length > 0) {
      expect(failure).toContain("[descarga-interrumpida]");
      expect(failure).toContain("ejecute npm run fetch");
    } else expect(failure).toBe("");
    // The next fetch completes the manifest before any download, even when every publisher is down.
    fake.queue("banxico", { status: 503 });
    fake.queue("inegi", { status: 503 });
    const again = await runFetchChild(["--only=banxico,inegi"], fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }));
    expect(again.stdout + again.stderr).toContain("se completó el manifiesto de una descarga interrumpida");
    expect(pendingFeeds(raw)).toEqual([]);
    await expect(loadDatasets(raw)).resolves.toBeDefined();
  }, 120_000);

  it("names the likely cause and the command when a file differs from its manifest", async () => {
    const raw = tempDir("fetch-edited");
    cpSync(RAW_DIR, raw, { recursive: true });
    writeFileSync(join(raw, "inegi/inpc-628194.json"), `${readFileSync(join(raw, "inegi/inpc-628194.json"), "utf8")} `);
    const failure = await loadDatasets(raw).then(
      () => "",
      (e: Error) => e.message,
    );
    expect(failure).toContain("inegi/inpc-628194.json");
    expect(failure).toContain("una descarga interrumpida, o una edición a mano");
    expect(failure).toContain("ejecute npm run fetch");
  });
});
