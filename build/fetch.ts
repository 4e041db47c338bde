// `npm run fetch`: downloads every publisher's feed into the raw directory, never making it worse.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { FEEDS, runFetch, type FeedReport } from "./fetch-run.ts";

const USAGE = `Uso: npm run fetch -- [--only=banxico,inegi,sat] [--accept-removals=FUENTE] [--accept-changes=FUENTE]
  --only              descarga solo esas fuentes
  --accept-removals   acepta que la fuente pierda claves u observaciones (bajas reales del publicador)
  --accept-changes    acepta que cambien valores ya publicados (revisiones reales del publicador)
Variables: FISCAL_RAW_DIR (destino, por omisión ./raw), BANXICO_TOKEN, INEGI_TOKEN,
  FISCAL_BANXICO_URL, FISCAL_INEGI_URL, FISCAL_SAT_URL, FISCAL_SITE_URL, FISCAL_HTTP_* (tiempos y reintentos).`;

class UsageError extends Error {}

function feedList(values: string[] | undefined, flag: string): string[] {
  const ids = (values ?? []).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
  const known = FEEDS.map((f) => f.id);
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0) throw new UsageError(`${flag}: fuente desconocida ${unknown.join(", ")} (se aceptan ${known.join(", ")})`);
  return ids;
}

interface Cli {
  only: string[];
  acceptRemovals: string[];
  acceptChanges: string[];
  statsJson: boolean;
}

function parseCli(argv: string[]): Cli {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        only: { type: "string", multiple: true },
        "accept-removals": { type: "string", multiple: true },
        "accept-changes": { type: "string", multiple: true },
        "stats-json": { type: "boolean", default: false },
      },
    });
    return {
      only: feedList(values.only, "--only"),
      acceptRemovals: feedList(values["accept-removals"], "--accept-removals"),
      acceptChanges: feedList(values["accept-changes"], "--accept-changes"),
      statsJson: values["stats-json"],
    };
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
  }
}

function describe(report: FeedReport): string[] {
  const head = `${report.feed} — ${report.publisher}`;
  if (report.status === "failed") {
    return [`✗ ${head}: no se actualizó; se conservan sus archivos anteriores.`, ...report.messages.map((m) => `    ${m}`)];
  }
  if (report.status === "unchanged") return [`= ${head}: ${report.messages.join("; ")}`];
  const replaced = report.files.filter((f) => f.replaced).length;
  return [
    `✓ ${head}: ${replaced === 0 ? "idéntico a la copia anterior" : `${replaced} de ${report.files.length} archivos actualizados`}`,
    ...report.files.map((f) => `    ${f.rawFile}: ${f.rows} filas${f.first === null ? "" : `, ${f.first} … ${f.last}`} (${f.bytes} bytes)`),
    ...report.messages.map((m) => `    nota: ${m}`),
  ];
}

async function main(): Promise<number> {
  const started = performance.now();
  let cli: Cli;
  try {
    cli = parseCli(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const rawDir = resolve(process.env["FISCAL_RAW_DIR"] || "raw");
  console.log(`Fiscal MX: descargando de los publicadores en ${rawDir}`);
  const { statsJson, ...choices } = cli;
  const reports = await runFetch({ rawDir, env: process.env, ...choices, log: (line) => console.log(`  · ${line}`) });
  for (const r of reports) (r.status === "failed" ? console.error : console.log)(describe(r).join("\n"));
  // For bench/fetch.ts: the figures it reports come from the fetch process itself.
  if (statsJson) {
    const seconds = (performance.now() - started) / 1000;
    console.log(JSON.stringify({ seconds, maxRssBytes: process.resourceUsage().maxRSS * 1024, statuses: reports.map((r) => `${r.feed}:${r.status}`) }));
  }
  const failed = reports.filter((r) => r.status === "failed");
  if (failed.length === 0) return 0;
  console.error(`${failed.length} de ${reports.length} fuentes fallaron (${failed.map((r) => r.feed).join(", ")}); sus archivos anteriores quedan intactos.`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
