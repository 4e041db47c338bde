// `npm run test:netlify`: builds the tree, serves it with `netlify dev --offline`, and runs the contract suite against it
// (the pinned tools: test/helpers/netlify-tools.ts).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { createServer } from "node:net";
import { installTools, ROOT, run, toolEnv, TOOLS } from "./helpers/netlify-tools.ts";

const DIST = join(TOOLS, "dist");
const READY_TIMEOUT_MS = 240_000;

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
  const env = toolEnv();
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
