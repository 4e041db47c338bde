// netlify-cli and what it needs offline, installed from npm into node_modules/.cache/netlify-dev on first use, pinned.
// netlify-cli 23 is the last line that runs on Node 20; its edge bundler accepts Deno 1.39–2.2.4 (npm's `deno`
// package ships the binary); and the edge functions' bootstrap, which netlify otherwise downloads, ships in
// @netlify/edge-functions-dev. `npm run test:netlify` and `npm run bench:functions` share them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const ROOT = resolve(import.meta.dirname, "../..");
export const TOOLS = join(ROOT, "node_modules/.cache/netlify-dev");
const PACKAGES = ["netlify-cli@23.9.5", "deno@2.2.4", "@netlify/edge-functions-dev@2.0.1"];
const BOOTSTRAP = join(TOOLS, "node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs");

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} terminó con ${result.status ?? result.signal}`);
}

const MARKER = join(TOOLS, `installed-${PACKAGES.join("+").replace(/[@/]/g, "_")}`);
const INSTALL = ["install", "--prefix", TOOLS, "--no-audit", "--no-fund", ...PACKAGES];

/** Whether the pinned tools are installed; when not, prepares their folder and says so. */
function missing(): boolean {
  if (existsSync(MARKER)) return false;
  mkdirSync(TOOLS, { recursive: true });
  writeFileSync(join(TOOLS, "package.json"), '{ "name": "netlify-dev-tools", "private": true }\n');
  console.log(`Instalando ${PACKAGES.join(", ")} en ${TOOLS}…`);
  return true;
}

export function installTools(): void {
  if (!missing()) return;
  run("npm", INSTALL);
  writeFileSync(MARKER, "");
}

/**
 * The same, without blocking: the test run's global setup installs them beside its builds (about a minute of npm on
 * a fresh clone), outside any test's timeout; test/host-manifests.test.ts then finds them installed.
 */
export async function installToolsInBackground(): Promise<void> {
  if (!missing()) return;
  const child = spawn("npm", INSTALL, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise<number | null>((resolve, reject) => child.on("error", reject).on("close", resolve));
  if (code !== 0) throw new Error(`npm ${INSTALL.join(" ")} terminó con ${code}`);
  writeFileSync(MARKER, "");
}

/** The environment that runs the installed netlify-cli offline: its binaries first on PATH, the local edge bootstrap. */
export const toolEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: `${join(TOOLS, "node_modules/.bin")}:${process.env["PATH"] ?? ""}`,
  NETLIFY_EDGE_BOOTSTRAP: pathToFileURL(BOOTSTRAP).href,
});
