// Finds the Chromium the browser suite drives, or installs Debian's package when that is possible (root, apt-get).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface ChromiumHost {
  /** FISCAL_CHROMIUM, when set: used as given. */
  configured: string | undefined;
  exists(path: string): boolean;
  isRoot: boolean;
  /** Runs apt-get with these arguments; true on exit code 0. */
  apt(args: string[]): boolean;
}

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const INSTALL = ["install", "-y", "--no-install-recommends", "chromium"];

/**
 * The browser's path, or why there is none. Missing and root with apt-get: `apt-get install chromium`
 * (after `apt-get update` when the package lists are empty, as on a fresh machine).
 */
export function findOrInstallChromium(host: ChromiumHost): { path: string } | { problem: string } {
  if (host.configured) return { path: host.configured };
  const found = CANDIDATES.find((p) => host.exists(p));
  if (found) return { path: found };
  if (!host.isRoot || !host.exists("/usr/bin/apt-get")) {
    return { problem: "Chromium is missing: install Debian's package (sudo apt-get install -y chromium) or set FISCAL_CHROMIUM" };
  }
  if (!host.apt(INSTALL)) host.apt(["update"]) && host.apt(INSTALL);
  return host.exists(CANDIDATES[0]!) ? { path: CANDIDATES[0]! } : { problem: "apt-get install chromium failed; see its output above" };
}

/** This machine, for test/global-setup.ts. */
export const thisHost = (): ChromiumHost => ({
  configured: process.env["FISCAL_CHROMIUM"],
  exists: existsSync,
  isRoot: process.getuid?.() === 0,
  apt: (args) => {
    console.log(`Chromium is missing (browser tests): apt-get ${args.join(" ")}`);
    return spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } }).status === 0;
  },
});
