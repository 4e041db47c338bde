// `npm run raw:commit`: commits raw/ as the fetch left it, in one commit whose message names what changed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { MANIFEST_FILE, parseManifest } from "../build/fetch-manifest.ts";
import type { Manifest } from "../lib/datasets/records.ts";
import { runMain } from "./cli.ts";
import { git } from "./git.ts";
import { rawCommitMessage } from "./raw-commit-message.ts";

const USAGE = "Uso: npm run raw:commit -- [--repo DIR] [--raw raw]  (guarda en git los archivos de raw/ que cambió la descarga)";

/** The manifest as committed at HEAD; none yet (a first snapshot) is an empty one. */
async function committedManifest(repo: string, raw: string): Promise<Manifest> {
  try {
    return parseManifest(await git(repo, ["show", `HEAD:${raw}/${MANIFEST_FILE}`]));
  } catch {
    return { files: {} };
  }
}

async function main(argv: string[]): Promise<number> {
  let values: { repo: string; raw: string };
  try {
    values = parseArgs({ args: argv, options: { repo: { type: "string", default: "." }, raw: { type: "string", default: "raw" } } }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { repo, raw } = values;
  const before = await committedManifest(repo, raw);
  const after = parseManifest(readFileSync(join(repo, raw, MANIFEST_FILE), "utf8"));
  const message = rawCommitMessage(before, after);
  if (message === null) {
    // Only fetch times moved (304s): the data is what is committed, so there is nothing to record.
    console.log(`${raw}/: ningún archivo cambió; no hay nada que guardar.`);
    return 0;
  }
  await git(repo, ["add", "--all", "--", raw]);
  await git(repo, ["commit", "--quiet", "--file=-", "--", raw], message);
  console.log(`${(await git(repo, ["rev-parse", "--short", "HEAD"])).trim()} ${message}`);
  return 0;
}

runMain(() => main(process.argv.slice(2)));
