// `npm run bench:functions`: `netlify build --offline` (pinned netlify-cli, test/helpers/netlify-tools.ts), then each function zip's size and files.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { installTools, ROOT, toolEnv } from "../test/helpers/netlify-tools.ts";

const OUT = join(ROOT, ".netlify/functions");
const MB = 1024 * 1024;
/** The target of issue 32: every zip, index included, well under the host's limit on a zipped function. */
const TARGET_BYTES = 10 * MB;

/** The entry names of a zip, from its central directory (zip64 when it has 65,535 entries or more). */
function zipEntries(zip: Buffer): string[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error("no es un zip: falta el fin del directorio central");
  let count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) {
    const record = Number(zip.readBigUInt64LE(eocd - 20 + 8));
    count = Number(zip.readBigUInt64LE(record + 32));
    offset = Number(zip.readBigUInt64LE(record + 48));
  }
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(offset + 28);
    names.push(zip.toString("utf8", offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return names;
}

/** Files per top folder (two levels: `dist/api`, `node_modules/ajv`), largest first. */
function byFolder(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names.filter((n) => !n.endsWith("/"))) {
    const folder = name.split("/").slice(0, 2).join("/");
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([folder, n]) => `${folder} ${n}`)
    .join(", ");
}

/** CPU seconds of this process's waited-for children (utime + stime in /proc, clock ticks of 1/100 s). */
function childCpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function main(): number {
  installTools();
  rmSync(OUT, { recursive: true, force: true });
  const started = Date.now();
  const build = spawnSync("netlify", ["build", "--offline"], { cwd: ROOT, env: toolEnv(), stdio: ["ignore", "pipe", "inherit"] });
  const seconds = (Date.now() - started) / 1000;
  if (build.status !== 0) {
    process.stdout.write(build.stdout);
    console.error(`netlify build --offline terminó con ${build.status ?? build.signal}`);
    return 1;
  }
  console.log(
    `netlify build --offline (npm run build included): ${seconds.toFixed(1)} s wall, ${childCpuSeconds().toFixed(1)} s CPU; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  let over = 0;
  for (const file of readdirSync(OUT)
    .filter((f) => f.endsWith(".zip"))
    .sort()) {
    const zip = readFileSync(join(OUT, file));
    const names = zipEntries(zip);
    if (zip.length > TARGET_BYTES) over++;
    console.log(
      `${file.padEnd(32)} ${(zip.length / MB).toFixed(2).padStart(7)} MB ${String(names.filter((n) => !n.endsWith("/")).length).padStart(7)} files  (${byFolder(names)})`,
    );
  }
  console.log(over === 0 ? "every zip under 10 MB" : `${over} zip(s) over 10 MB`);
  return over === 0 ? 0 : 1;
}

process.exit(main());
