// `npm run verify -- <url>`: the contract suite against any deployment (a mirror, a deploy preview, `netlify dev`), read-only,
// bounded and paced under the rate limit; prints what differs, the emulator's known differences apart with --emulator.
import { parseArgs } from "node:util";
import { artifactOf } from "./verify/artifacts.ts";
import { verify, type Difference } from "./verify/checks.ts";

const USAGE = `Uso: npm run verify -- <url base> [--emulator] [--max-requests=N] [--per-minute=N]
  --emulator       la URL es netlify dev: sus diferencias conocidas se informan aparte y no cuentan
  --max-requests   solicitudes como máximo (por omisión 200)
  --per-minute     solicitudes por minuto como máximo (por omisión 50, bajo el límite de 60)
Salida: 0 nada difiere (fuera de lo conocido del emulador); 1 algo difiere; 2 uso inválido.`;

const line = (d: Difference): string => `  ${d.check} ${d.target || "(sin ruta)"}: ${d.aspect} esperado ${d.expected}, recibido ${d.got}`;

async function main(argv: string[]): Promise<number> {
  const options = { emulator: { type: "boolean" }, "max-requests": { type: "string" }, "per-minute": { type: "string" } } as const;
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: typeof options }>>;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const [base] = parsed.positionals;
  const maxRequests = Number(parsed.values["max-requests"] ?? "200");
  const perMinute = Number(parsed.values["per-minute"] ?? "50");
  if (base === undefined || !/^https?:\/\//.test(base) || !(maxRequests >= 1) || !(perMinute > 0)) {
    console.error(USAGE);
    return 2;
  }
  const emulator = parsed.values.emulator === true;
  console.log(`Verificando ${base} (a lo más ${maxRequests} solicitudes, ${perMinute} por minuto)…`);
  const started = Date.now();
  const result = await verify({ base, maxRequests, perMinute, log: (l) => console.log(l) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const known = emulator ? result.differences.filter((d) => artifactOf(d) !== undefined) : [];
  const real = result.differences.filter((d) => !known.includes(d));
  console.log(
    `${result.checks} comprobaciones, ${result.requests} solicitudes en ${seconds} s${result.skipped > 0 ? `, ${result.skipped} omitidas por el tope de solicitudes` : ""}.`,
  );
  if (real.length === 0) console.log("Nada difiere del contrato.");
  else {
    console.log(`Difiere del contrato (${real.length}):`);
    for (const d of real) console.log(`${line(d)}${artifactOf(d) === undefined ? "" : ` (como el emulador: ${artifactOf(d)?.id})`}`);
  }
  if (known.length > 0) {
    console.log(`Diferencias conocidas del emulador (${known.length}), aparte:`);
    for (const d of known) console.log(`${line(d)} [${artifactOf(d)?.id}: ${artifactOf(d)?.why}]`);
  }
  return real.length === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
