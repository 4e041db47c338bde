// `npm run raw:import`: lets files taken from public copies into raw/ through the fetch's own checks, recording the copies.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { Type } from "@sinclair/typebox";
import { banxicoFeed, sieSources } from "../sources/banxico.ts";
import { inegi, inegiFeed } from "../sources/inegi.ts";
import { satFeed } from "../sources/sat-fetch.ts";
import { manifestError, type CopyEntry, type Manifest, type PublicCopy } from "../core/manifest-schema.ts";
import { runMain } from "./cli.ts";
import { judgeRawFile } from "./fetch-guards.ts";
import { LockBusyError, lockRawDir } from "./fetch-lock.ts";
import { readManifest, writeManifest } from "../build/fetch-manifest.ts";

const USAGE = `Uso: npm run raw:import -- --from DIR --copies COPIAS.json [--raw raw] [--accept-removals] [--accept-changes]
  COPIAS.json: {"banxico/SF43718.json": [{"repository": "dueño/repo", "path": "…", "commit": "40 hex", "covers": "… o null"}], …}
  Cada archivo listado se toma de DIR, pasa las mismas comprobaciones que una descarga (nunca peor que la copia
  anterior) y queda en raw/manifest.json como copia pública, con los repositorios de los que salió.
Salida: 0 archivos admitidos; 1 alguno no pasó (nada cambió); 2 uso inválido; 3 otra descarga usa el directorio.`;

/** The feed each raw file belongs to, as `npm run fetch` records it. */
const FEED_OF = new Map([banxicoFeed, inegiFeed, satFeed].flatMap((f) => f.rawFiles.map((file) => [file, f.id] as const)));

/** The publisher's endpoint for a series, without a request's date range or token (a copy was never requested). */
const OFFICIAL_URL = new Map([...sieSources.map((s) => [s.rawFile, s.officialUrl] as const), [inegi.rawFile, inegi.officialUrl] as const]);

const CopiesInput = Type.Record(Type.String(), Type.Array(Type.Unknown(), { minItems: 1 }));

interface Cli {
  from: string;
  copies: Record<string, PublicCopy[]>;
  raw: string;
  accept: { removals: boolean; changes: boolean };
}

class UsageError extends Error {}

const OPTIONS = {
  from: { type: "string" },
  copies: { type: "string" },
  raw: { type: "string", default: process.env["FISCAL_RAW_DIR"] || "raw" },
  "accept-removals": { type: "boolean", default: false },
  "accept-changes": { type: "boolean", default: false },
} as const;

function parseCli(argv: string[]): Cli {
  const values = (() => {
    try {
      return parseArgs({ args: argv, options: OPTIONS }).values;
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
  })();
  if (values.from === undefined || values.copies === undefined) throw new UsageError("faltan --from y --copies");
  const copies = JSON.parse(readFileSync(values.copies, "utf8")) as unknown;
  if (!Value.Check(CopiesInput, copies)) throw new UsageError(`${values.copies}: no es un objeto archivo → lista de copias`);
  const unknown = Object.keys(copies).filter((f) => !FEED_OF.has(f));
  if (unknown.length > 0) throw new UsageError(`archivos que ninguna fuente produce: ${unknown.join(", ")}`);
  return {
    from: resolve(values.from),
    copies: copies as Record<string, PublicCopy[]>,
    raw: resolve(values.raw),
    accept: { removals: values["accept-removals"], changes: values["accept-changes"] },
  };
}

interface Admitted {
  file: string;
  bytes: Buffer;
  same: boolean;
  entry: CopyEntry;
}

/** Judges every listed file; returns them all when every one passes, else the reasons and nothing. */
async function judgeAll(cli: Cli, manifest: Manifest): Promise<{ admitted: Admitted[]; problems: string[] }> {
  const admitted: Admitted[] = [];
  const problems: string[] = [];
  for (const [file, copies] of Object.entries(cli.copies)) {
    const bytes = await readFile(join(cli.from, file));
    const previous = await readFile(join(cli.raw, file)).catch(() => null);
    const verdict = judgeRawFile(file, bytes, previous, cli.accept);
    problems.push(...verdict.problems.map((p) => `${file}: ${p}`));
    for (const n of verdict.notes) console.log(`  nota: ${file}: ${n}`);
    const url = OFFICIAL_URL.get(file) ?? manifest.files[file]?.url;
    if (url === undefined) {
      problems.push(`${file}: no se sabe la dirección oficial del publicador (no figura en el manifiesto)`);
      continue;
    }
    const entry: CopyEntry = { kind: "copy", source: FEED_OF.get(file)!, url, copies, ...verdict.summary };
    const invalid = manifestError({ files: { [file]: entry } });
    if (invalid !== null) problems.push(`copias de ${invalid}`);
    admitted.push({ file, bytes, same: previous?.equals(bytes) ?? false, entry });
  }
  return { admitted, problems };
}

/** Replaces a raw file through a temporary file beside it, so a killed import leaves the old one whole. */
async function replaceFile(path: string, bytes: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.import.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFile(temp, bytes, { flag: "wx" });
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  let cli: Cli;
  try {
    cli = parseCli(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n${USAGE}`);
    return 2;
  }
  let lock: Awaited<ReturnType<typeof lockRawDir>>;
  try {
    lock = await lockRawDir(cli.raw, (line) => console.log(`  · ${line}`));
  } catch (err) {
    if (!(err instanceof LockBusyError)) throw err;
    console.error(err.message);
    return 3;
  }
  try {
    const manifest = readManifest(cli.raw, (line) => console.log(`  · ${line}`));
    const { admitted, problems } = await judgeAll(cli, manifest);
    if (problems.length > 0) {
      console.error(`no se admitió nada:\n  ${problems.join("\n  ")}`);
      return 1;
    }
    for (const a of admitted) {
      if (!a.same) await replaceFile(join(cli.raw, a.file), a.bytes);
      manifest.files[a.file] = a.entry;
      const { rows, first, last } = a.entry;
      console.log(`${a.same ? "=" : "✓"} ${a.file}: ${rows} filas${first === null ? "" : `, ${first} … ${last}`} (copia pública)`);
    }
    await writeManifest(cli.raw, manifest);
    return 0;
  } finally {
    await lock.release();
  }
}

runMain(() => main(process.argv.slice(2)));
