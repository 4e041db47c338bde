// Finding 6 of the reliability probe: a fetch killed with SIGKILL while it replaces a publisher's files leaves
// raw/ consistent: each file is its old self (the manifest's) or its new self (the journal's); the build says
// what happened and what to run, and the next fetch completes the manifest even when every publisher fails.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDatasets } from "../build/datasets.ts";
import { pendingFeeds } from "../build/fetch-journal.ts";
import { runFetchChild } from "./helpers/fetch-child.ts";
import { explained, killedMidway, QUICK } from "./helpers/killed-fetch.ts";
import { FakePublishers } from "./helpers/publishers.ts";
import { snapshotWorkbook } from "./helpers/snapshot-workbook.ts";
import { RAW_DIR, removeTempDirs, tempDir } from "./helpers/tree.ts";

let fake: FakePublishers;
beforeAll(async () => {
  fake = await new FakePublishers(snapshotWorkbook()).start();
});
afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

describe("a fetch killed while it replaces files", () => {
  it("leaves every file explained, a build message naming the cause and the command, and a manifest the next fetch completes", async () => {
    const raw = await killedMidway(fake);
    expect(explained(raw)).toBe(true);
    // Killed inside a replacement (the usual case), the build refuses saying what happened and what to run;
    // killed just after one, the manifest already follows the files and the build reads them.
    const failure = await loadDatasets(raw).then(
      () => "",
      (e: Error) => e.message,
    );
    const interrupted = pendingFeeds(raw).length > 0;
    if (interrupted) {
      expect(failure).toContain("[descarga-interrumpida]");
      expect(failure).toContain("ejecute npm run fetch");
    } else expect(failure).toBe("");
    // The next fetch completes the manifest before any download, even when every publisher is down.
    fake.queue("banxico", { status: 503 });
    fake.queue("inegi", { status: 503 });
    const again = await runFetchChild(["--only=banxico,inegi"], fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }));
    if (interrupted) expect(again.stdout + again.stderr).toContain("se completó el manifiesto de una descarga interrumpida");
    expect(pendingFeeds(raw)).toEqual([]);
    await expect(loadDatasets(raw)).resolves.toBeDefined();
  });

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
