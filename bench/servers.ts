// The servers the benches start, each on a free port and stopped when the bench exits: nginx, `serve`, a bare
// Node server and the local server as `npm start` runs it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitForPort } from "./ports.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVE = join(ROOT, "node_modules/serve/build/main.js");

const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const c of children) if (c.pid !== undefined && c.exitCode === null) c.kill("SIGTERM");
});

/** Stops `child` when the bench exits, however it exits. */
export function track<C extends ChildProcess>(child: C): C {
  children.push(child);
  return child;
}

/** nginx from Debian's packages, installed with apt-get when missing (needs root). */
export function ensureNginx(): string {
  const probe = (): string | undefined => {
    const r = spawnSync("nginx", ["-v"], { encoding: "utf8" });
    return r.error ? undefined : r.stderr.trim();
  };
  let version = probe();
  if (version === undefined) {
    console.log("nginx no está instalado: apt-get install -y nginx");
    let install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx"], { stdio: "inherit" });
    if (install.status !== 0) {
      spawnSync("apt-get", ["update"], { stdio: "inherit" });
      install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "nginx"], { stdio: "inherit" });
    }
    version = probe();
    if (version === undefined) throw new Error("could not install nginx (apt-get install -y nginx needs root)");
  }
  return version;
}

function start(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return track(spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "inherit"] }));
}

export async function startNginx(dist: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), "fmx-nginx-"));
  for (const d of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, d));
  const conf = readFileSync(join(ROOT, "bench/nginx.conf.template"), "utf8")
    .replaceAll("{{prefix}}", prefix)
    .replaceAll("{{port}}", String(port))
    .replaceAll("{{root}}", dist)
    .replaceAll("{{user}}", userInfo().username);
  writeFileSync(join(prefix, "nginx.conf"), conf);
  const child = start("nginx", ["-p", prefix, "-c", join(prefix, "nginx.conf"), "-e", join(prefix, "error.log")]);
  child.on("exit", () => rmSync(prefix, { recursive: true, force: true }));
  await waitForPort(port, child);
  return { origin: `http://127.0.0.1:${port}`, child };
}

export async function startServe(dist: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = start(process.execPath, [SERVE, "--no-request-logging", "--no-clipboard", "--listen", `tcp://127.0.0.1:${port}`, dist]);
  await waitForPort(port, child);
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** The floor of any Node server: one preloaded buffer, no routing, no headers beyond the type. */
export async function startBareNode(file: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `const b=require("fs").readFileSync(${JSON.stringify(file)});require("http").createServer((q,r)=>{r.writeHead(200,{"Content-Type":"application/json"});r.end(b)}).listen(${port},"127.0.0.1")`;
  const child = start(process.execPath, ["-e", script]);
  await waitForPort(port, child);
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** The Node flags `npm start` sets in package.json (heap caps), so the server runs here as it runs there. */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  return (/NODE_OPTIONS='([^']*)'/.exec(pkg.scripts["start"] ?? "")?.[1] ?? "").split(" ").filter(Boolean);
}

export async function startOurs(dist: string, env: Record<string, string> = {}): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = start(process.execPath, [...startFlags(), "--import", "tsx", "server/main.ts"], {
    FISCAL_DIST_DIR: dist,
    PORT: String(port),
    HOST: "127.0.0.1",
    ...env,
  });
  await waitForPort(port, child);
  return { origin: `http://127.0.0.1:${port}`, child };
}
