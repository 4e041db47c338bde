// `npm run raw:as-of -- DATE DIR`: the raw files as git had them at the end of DATE (Mexico City), into DIR.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { isValidIsoDate } from "../core/dates.ts";
import { runMain } from "./cli.ts";
import { git } from "./git.ts";

const USAGE = `Uso: npm run raw:as-of -- AAAA-MM-DD DIR [--ref main] [--raw raw] [--repo .]
  Extrae a DIR (nuevo o vacío) los archivos de raw/ del último commit de REF hecho hasta el final de ese día
  en la Ciudad de México; luego: FISCAL_RAW_DIR=DIR npm run build -- --as-of AAAA-MM-DD --out OTRO_DIR`;

class UsageError extends Error {}

function parseCli(argv: string[]): { date: string; dir: string; ref: string; raw: string; repo: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ref: { type: "string", default: "HEAD" }, raw: { type: "string", default: "raw" }, repo: { type: "string", default: "." } },
  });
  const [date, dir] = positionals;
  if (positionals.length !== 2 || date === undefined || dir === undefined) throw new UsageError("se esperan una fecha y un directorio");
  if (!isValidIsoDate(date)) throw new UsageError(`fecha inválida "${date}" (se espera AAAA-MM-DD)`);
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new UsageError(`${dir} ya existe y no está vacío; no se sobrescribe`);
  return { date, dir: resolve(dir), ref: values.ref, raw: values.raw, repo: values.repo };
}

async function main(argv: string[]): Promise<number> {
  let cli: ReturnType<typeof parseCli>;
  try {
    cli = parseCli(argv);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  // Mexico City has kept UTC-6 all year since 2022; the nightly commits in its afternoon.
  const rev = (await git(cli.repo, ["rev-list", "-1", `--before=${cli.date}T23:59:59-06:00`, cli.ref, "--", cli.raw])).trim();
  if (rev === "") {
    console.error(`no hay ningún commit de ${cli.raw}/ hasta el ${cli.date} en ${cli.ref}`);
    return 1;
  }
  mkdirSync(cli.dir, { recursive: true });
  const depth = cli.raw.split("/").filter((p) => p !== "").length;
  await new Promise<void>((done, fail) => {
    const archive = execFile("git", ["-C", cli.repo, "archive", "--format=tar", rev, "--", cli.raw], {
      encoding: "buffer",
      maxBuffer: 1024 * 1024 * 1024,
    });
    const tar = execFile("tar", ["-x", "-C", cli.dir, `--strip-components=${depth}`], (err) => (err ? fail(err) : done()));
    archive.stdout?.pipe(tar.stdin!);
    archive.on("error", fail);
  });
  const when = (await git(cli.repo, ["show", "-s", "--format=%cI %s", rev])).trim();
  console.log(`${cli.raw}/ de ${rev.slice(0, 12)} (${when}) en ${cli.dir}`);
  return 0;
}

runMain(() => main(process.argv.slice(2)));
