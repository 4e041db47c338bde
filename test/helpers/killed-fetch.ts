// A fetch killed with SIGKILL the moment it renames its first file into place, on a raw copy a few observations older than the publishers' (shared by test/fetch-kill.test.ts and bench/attack.ts).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, readFileSync, watch } from "node:fs";
import { join } from "node:path";
import { pendingFeeds } from "../../build/fetch-journal.ts";
import { banxicoFeed } from "../../sources/banxico.ts";
import { runFetchChild } from "./fetch-child.ts";
import type { FakePublishers } from "./publishers.ts";
import { RAW_DIR, tempDir } from "./tree.ts";
import { nodeArgs } from "./entry-args.ts";
import { patient } from "./patience.ts";

export const QUICK = { FISCAL_HTTP_TIMEOUT_MS: String(patient(2000)), FISCAL_HTTP_RETRIES: "0" };
const FILES = [...banxicoFeed.rawFiles, "inegi/inpc-628194.json"];
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
async function olderRaw(fake: FakePublishers): Promise<string> {
  const raw = tempDir("fetch-kill");
  cpSync(RAW_DIR, raw, { recursive: true });
  const full = { fx: fake.banxicoJson, udi: fake.udiJson, tiie: fake.tiieJson, inpc: fake.inegiJson };
  fake.banxicoJson = olderSie(full.fx, 3);
  fake.udiJson = olderSie(full.udi, 3);
  fake.tiieJson = olderSie(full.tiie, 3);
  fake.inegiJson = olderInegi(full.inpc, 1);
  const seeded = await runFetchChild(
    ["--only=banxico,inegi", "--accept-removals=banxico,inegi"],
    fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }),
  );
  if (seeded.code !== 0) throw new Error(`the older copy could not be fetched:\n${seeded.stdout}${seeded.stderr}`);
  Object.assign(fake, { banxicoJson: full.fx, udiJson: full.udi, tiieJson: full.tiie, inegiJson: full.inpc });
  return raw;
}

/**
 * A fetch of newer files into an older raw copy, killed (SIGKILL) the moment its first file is renamed into
 * place. It runs at the lowest priority so that the kill lands before it can go much further; when it
 * still finished first, the attempt is made again on a fresh copy.
 */
export async function killedMidway(fake: FakePublishers): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const raw = await olderRaw(fake);
    const child = spawn("nice", ["-n", "19", process.execPath, ...nodeArgs("tools/fetch.ts"), "--only=banxico,inegi"], {
      env: { PATH: process.env["PATH"] ?? "", ...fake.env({ ...QUICK, FISCAL_RAW_DIR: raw }) },
      stdio: "ignore",
    });
    const watchers = ["banxico", "inegi"].map((d) =>
      watch(join(raw, d), (_event, name) => {
        if (name !== null && !name.startsWith(".")) child.kill("SIGKILL");
      }),
    );
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on("close", (_code, sig) => resolve(sig)));
    for (const w of watchers) w.close();
    if (signal === "SIGKILL") return raw;
  }
  throw new Error("the fetch finished three times before it could be killed");
}

/** Every file as the manifest says, or as a journal of an unfinished replacement says. */
export function explained(raw: string): boolean {
  const manifest = JSON.parse(readFileSync(join(raw, "manifest.json"), "utf8")) as { files: Record<string, { sha256: string }> };
  const journaled: Record<string, string> = {};
  for (const feed of pendingFeeds(raw)) {
    const j = JSON.parse(readFileSync(join(raw, `.fetch-pending.${feed}.json`), "utf8")) as { files: Record<string, { sha256: string }> };
    for (const [f, e] of Object.entries(j.files)) journaled[f] = e.sha256;
  }
  return FILES.every((f) => [manifest.files[f]?.sha256, journaled[f]].includes(sha(join(raw, f))));
}
