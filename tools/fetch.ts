// `npm run fetch`: downloads every publisher's feed into the raw directory, never making it worse.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { localFsProblem } from "../build/local-errors.ts";
import { redactor } from "./redact.ts";
import { FEEDS, FetchRefused, LocalWriteFailed, runFetch, type FeedReport } from "./fetch-run.ts";

const USAGE = `Uso: npm run fetch -- [--only=banxico,inegi,sat] [--accept-removals=FUENTE] [--accept-changes=FUENTE]
  --only              descarga solo esas fuentes
  --accept-removals   acepta que la fuente pierda claves u observaciones (bajas reales del publicador)
  --accept-changes    acepta que cambien valores ya publicados (revisiones reales del publicador)
Variables: FISCAL_RAW_DIR (destino, por omisión ./raw), BANXICO_TOKEN, INEGI_TOKEN,
  FISCAL_BANXICO_URL, FISCAL_INEGI_URL, FISCAL_SAT_URL, FISCAL_SITE_URL,
  FISCAL_HTTP_CONNECT_TIMEOUT_MS, FISCAL_HTTP_TIMEOUT_MS, FISCAL_HTTP_DEADLINE_MS (plazo total de cada descarga),
  FISCAL_HTTP_RETRIES (0 a 10), FISCAL_HTTP_BACKOFF_MS, FISCAL_HTTP_MAX_BACKOFF_MS, FISCAL_HTTP_MAX_RETRY_AFTER_S, FISCAL_HTTP_MAX_BYTES.
Salida: 0 todas las fuentes descargadas o sin cambios; 1 alguna falló (las demás se intentaron);
  2 uso o configuración inválidos (nada se descargó); 3 otra descarga usa el directorio; 130/143 interrumpida.`;

/** Exit codes of a fetch stopped by a signal: 128 + the signal's number, as a shell reports it. */
const SIGNAL_EXIT: Record<string, number> = { SIGINT: 130, SIGTERM: 143 };

class UsageError extends Error {}

function feedList(values: string[] | undefined, flag: string): string[] {
  const ids = (values ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
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

/** What a fetch stopped by a write failure left (Spanish): the temporary files, and whether the old files stay. */
function writeFailureState(err: unknown): string {
  const { leftTemps = [], replaced = [] } = err instanceof LocalWriteFailed ? err : {};
  const temps =
    leftTemps.length === 0
      ? "se borraron sus archivos temporales"
      : `no se pudieron borrar estos archivos temporales (bórrelos a mano): ${leftTemps.join(", ")}`;
  const old =
    replaced.length === 0
      ? "los archivos anteriores quedan intactos"
      : `ya se habían reemplazado ${replaced.join(", ")} (la próxima descarga completa el manifiesto) y los demás archivos anteriores quedan intactos`;
  return `La descarga se detuvo; ${temps}; ${old}.`;
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
  const { statsJson, ...choices } = cli;
  // SIGTERM/SIGINT abort the downloads in flight; their temporary files go, the files in place stay.
  const controller = new AbortController();
  let stoppedBy: string | null = null;
  const stop = (signal: NodeJS.Signals): void => {
    if (stoppedBy !== null) process.exit(SIGNAL_EXIT[signal] ?? 1);
    stoppedBy = signal;
    console.error(`${signal}: se interrumpen las descargas; los archivos anteriores quedan intactos.`);
    controller.abort();
  };
  process.on("SIGTERM", stop).on("SIGINT", stop);
  let reports: FeedReport[];
  try {
    console.log(`Fiscal MX: descargando de los publicadores en ${rawDir}`);
    reports = await runFetch({
      rawDir,
      env: process.env,
      ...choices,
      signal: controller.signal,
      log: (line) => console.log(`  · ${line}`),
    });
  } catch (err) {
    const local = localFsProblem(err, "npm run fetch");
    if (local !== null) {
      console.error(`${writeFailureState(err)} ${local.message}`);
      return local.exitCode;
    }
    if (!(err instanceof FetchRefused)) throw err;
    console.error(err.message);
    return err.exitCode;
  }
  for (const r of reports) (r.status === "failed" ? console.error : console.log)(describe(r).join("\n"));
  // For bench/fetch.ts: the figures it reports come from the fetch process itself.
  if (statsJson) {
    const seconds = (performance.now() - started) / 1000;
    console.log(
      JSON.stringify({
        seconds,
        maxRssBytes: process.resourceUsage().maxRSS * 1024,
        statuses: reports.map((r) => `${r.feed}:${r.status}`),
      }),
    );
  }
  const failed = reports.filter((r) => r.status === "failed");
  if (stoppedBy !== null) return SIGNAL_EXIT[stoppedBy] ?? 1;
  if (failed.length === 0) return 0;
  console.error(
    `${failed.length} de ${reports.length} fuentes fallaron (${failed.map((r) => r.feed).join(", ")}); sus archivos anteriores quedan intactos.`,
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // An unexpected error may quote a URL or a header: the tokens are masked here too.
    const redact = redactor(FEEDS.flatMap((f) => (f.tokens ?? []).map((t) => process.env[t.env])));
    console.error(redact(err instanceof Error ? (err.stack ?? err.message) : String(err)));
    process.exit(1);
  },
);
