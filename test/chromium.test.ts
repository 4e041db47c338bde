// npm test finds the browser suite's Chromium, or installs Debian's package when it can, or says how.
import { describe, expect, it } from "vitest";
import { findOrInstallChromium, type ChromiumHost } from "./helpers/chromium.ts";

/** A machine with these files, where apt-get succeeds only for the listed commands and installs what it should. */
function host(files: string[], opts: { isRoot: boolean; aptWorks?: (args: string[]) => boolean }): ChromiumHost & { ran: string[] } {
  const present = new Set(files);
  const ran: string[] = [];
  return {
    configured: undefined,
    isRoot: opts.isRoot,
    ran,
    exists: (p) => present.has(p),
    apt: (args) => {
      ran.push(args.join(" "));
      const ok = opts.aptWorks?.(args) ?? true;
      if (ok && args[0] === "install") present.add("/usr/bin/chromium");
      return ok;
    },
  };
}

describe("Chromium for the browser suite", () => {
  it("uses FISCAL_CHROMIUM, else the Debian binary already there, without installing", () => {
    expect(findOrInstallChromium({ ...host([], { isRoot: true }), configured: "/opt/c/chrome" })).toEqual({ path: "/opt/c/chrome" });
    const h = host(["/usr/bin/chromium", "/usr/bin/apt-get"], { isRoot: true });
    expect(findOrInstallChromium(h)).toEqual({ path: "/usr/bin/chromium" });
    expect(h.ran).toEqual([]);
  });

  it("installs Debian's chromium when missing and root, updating the package lists if the first try fails", () => {
    const fresh = host(["/usr/bin/apt-get"], { isRoot: true, aptWorks: (args) => args[0] === "update" || fresh.ran.includes("update") });
    expect(findOrInstallChromium(fresh)).toEqual({ path: "/usr/bin/chromium" });
    expect(fresh.ran).toEqual(["install -y --no-install-recommends chromium", "update", "install -y --no-install-recommends chromium"]);
  });

  it("says how to install it when it cannot (not root)", () => {
    const h = host(["/usr/bin/apt-get"], { isRoot: false });
    expect(findOrInstallChromium(h)).toEqual({ problem: expect.stringContaining("apt-get install -y chromium") });
    expect(h.ran).toEqual([]);
  });
});
