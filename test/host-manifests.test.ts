// What `netlify build --offline` really produces (the pinned netlify-cli of test/helpers/netlify-tools.ts), read back: one
// platform rate limit, the edge function's, in front of every API path, /mcp and /_fn/*, and none of a function's own.
// The build runs in a copy of the project without dist/ and with its build command replaced (the tree is not what is
// checked), so it bundles the functions and the edge function alone.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budgetProblems, EDGE_MANIFEST, FUNCTIONS_MANIFEST, manifestProblems } from "../build/host-manifests.ts";
import { installTools, ROOT, toolEnv } from "./helpers/netlify-tools.ts";

const SKIP = new Set(["dist", "node_modules", ".git", ".netlify", "raw", "test-output", "docs"]);
let copy: string;
/** netlify build's result in `copy`, and in a second copy that lacks the import map (both run at once in beforeAll). */
let built: { status: number | null; output: string };
let lost: { status: number | null; output: string };

/** A copy of the project for netlify build: sources and config, node_modules linked, an empty dist/, no build command. */
function projectCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "fmx-host-"));
  for (const entry of readdirSync(ROOT)) if (!SKIP.has(entry)) cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  mkdirSync(join(dir, "dist"));
  const toml = readFileSync(join(dir, "netlify.toml"), "utf8");
  if (!toml.includes('command = "npm run build"')) throw new Error("netlify.toml: no build command to replace");
  writeFileSync(join(dir, "netlify.toml"), toml.replace('command = "npm run build"', 'command = "true"'));
  return dir;
}

/** The part of netlify build's output that says what went wrong (its error block), else its end. */
const failure = (output: string): string => {
  const at = output.search(/Error message|error/i);
  return at < 0 ? output.slice(-2000) : output.slice(Math.max(0, at - 200), at + 2000);
};

const netlifyBuild = (dir: string): Promise<{ status: number | null; output: string }> => {
  // The runner's TMPDIR (a RAM folder) left out: there the edge config extractor cannot write its result file.
  const { TMPDIR: _, ...env } = toolEnv();
  const child = spawn("netlify", ["build", "--offline"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return new Promise((resolve, reject) => child.on("error", reject).on("close", (status) => resolve({ status, output })));
};

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, "utf8")) as T;

let broken: string;
// The two builds side by side (each about a minute on a loaded machine); the tools are the global setup's install.
beforeAll(async () => {
  installTools();
  copy = projectCopy();
  broken = projectCopy();
  // Without the import map the config extractor needs edge.netlify.com, which an offline build cannot reach.
  rmSync(join(broken, "netlify/import-map.json"));
  // What fails there is the edge function's config: one function is enough to give the functions' manifest, and
  // bundling the other ten took about half of this file's CPU.
  for (const file of readdirSync(join(broken, "functions"))) if (file !== "rfc-validar.ts") rmSync(join(broken, "functions", file));
  [built, lost] = await Promise.all([netlifyBuild(copy), netlifyBuild(broken)]);
});

afterAll(() => {
  for (const dir of [copy, broken]) if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

describe("netlify build --offline", () => {
  it("writes manifests with the edge function's one rule in front of every path and no function's own", () => {
    const build = built;
    expect(build.status, failure(build.output)).toBe(0);
    expect(build.output).not.toContain("Could not load configuration for edge function");
    expect(manifestProblems(copy)).toEqual([]);
    const edge = readJson<{ function_config: Record<string, { traffic_rules?: unknown }> }>(join(copy, EDGE_MANIFEST));
    expect(Object.keys(edge.function_config)).toEqual(["api"]);
  });

  it("names each way the one budget can be lost: the edge rule missing or duplicated, a path left out, a function's own rule", () => {
    const edge = readJson<Parameters<typeof budgetProblems>[0]>(join(copy, EDGE_MANIFEST));
    const functions = readJson<Parameters<typeof budgetProblems>[1]>(join(copy, FUNCTIONS_MANIFEST));
    expect(budgetProblems(edge, functions)).toEqual([]);
    const lost = budgetProblems({ ...edge, function_config: {} }, functions);
    expect(lost[0]).toMatch(/no edge function has a rate limit/);
    const rule = edge.function_config["api"];
    expect(budgetProblems({ ...edge, function_config: { api: rule!, other: rule! } }, functions)[0]).toMatch(/2 edge functions/);
    const narrowed = { ...edge, routes: edge.routes.filter((r) => !new RegExp(r.pattern).test("/mcp")) };
    expect(budgetProblems(narrowed, functions)).toEqual(["edge manifest: the rate-limited edge function does not run in front of /mcp"]);
    const own = { functions: functions.functions.map((f, i) => (i === 0 ? { ...f, trafficRules: rule!.traffic_rules } : f)) };
    expect(budgetProblems(edge, own)).toEqual([
      `functions manifest: ${functions.functions[0]!.name} has a rate limit of its own (a second budget)`,
    ]);
  });

  it("fails, not warns, when the edge function's config cannot be read", () => {
    expect(lost.status, failure(lost.output)).not.toBe(0);
    expect(lost.output).toContain("no edge function has a rate limit");
  });
});
