// `npm run test:netlify`: builds the tree, serves it with `netlify dev --offline`, and runs the contract suite against it.
// The tools come from npm into node_modules/.cache/netlify-dev, pinned: netlify-cli 23 is the last line that runs on
// Node 20; its edge bundler accepts Deno 1.39–2.2.4 (npm's `deno` package ships the binary); and the edge functions'
// bootstrap, which netlify dev otherwise downloads, ships in @netlify/edge-functions-dev.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");
const TOOLS = join(ROOT, "node_modules/.cache/netlify-dev");
const DIST = join(TOOLS, "dist");
const PACKAGES = ["netlify-cli@23.9.5", "deno@2.2.4", "@netlify/edge-functions-dev@2.0.1"];
const BOOTSTRAP = join(TOOLS, "node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs");
const READY_TIMEOUT_MS = 240_000;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} terminó con ${result.status ?? result.signal}`);
}

function installTools(): void {
  const marker = join(TOOLS, `installed-${PACKAGES.join("+").replace(/[@/]/g, "_")}`);
  if (existsSync(marker)) return;
  mkdirSync(TOOLS, { recursive: true });
  writeFileSync(join(TOOLS, "package.json"), '{ "name": "netlify-dev-tools", "private": true }\n');
  console.log(`Instalando ${PACKAGES.join(", ")} en ${TOOLS}…`);
  run("npm", ["install", "--prefix", TOOLS, "--no-audit", "--no-fund", ...PACKAGES]);
  writeFileSync(marker, "");
}

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address !== null ? done(address.port) : fail(new Error("no port"))));
    });
  });

/** Polls until the edge function answers an API path (netlify dev bundles the functions first). */
async function waitReady(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`netlify dev terminó antes de estar listo (código ${child.exitCode})`);
    try {
      const res = await fetch(`${origin}/api/v1/public/uma`);
      if (res.headers.get("x-fmx-rate-limit") !== null) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`netlify dev no respondió en ${READY_TIMEOUT_MS / 1000} s`);
}

async function main(): Promise<number> {
  installTools();
  run("npm", ["run", "build", "--", "--out", DIST]);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PATH: `${join(TOOLS, "node_modules/.bin")}:${process.env["PATH"] ?? ""}`,
    NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(BOOTSTRAP).href,
  };
  // Its own process group, so the functions and the Deno server it starts end with it.
  const dev = spawn("netlify", ["dev", "--offline", "--no-open", "--port", String(port), "--dir", DIST], {
    cwd: ROOT,
    env,
    stdio: "inherit",
    detached: true,
  });
  try {
    await waitReady(origin, dev);
    const suite = spawnSync("npx", ["vitest", "run", "test/contract.test.ts"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, FISCAL_CONTRACT_URL: origin, FISCAL_DIST_DIR: DIST },
    });
    return suite.status ?? 1;
  } finally {
    try {
      process.kill(-(dev.pid as number), "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
