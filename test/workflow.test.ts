// The nightly workflow: every npm script it runs exists, actions are pinned by commit, deploy only on success.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const text = readFileSync(`${ROOT}.github/workflows/nightly.yml`, "utf8");
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  permissions: Record<string, string>;
  concurrency: { group: string };
  jobs: Record<string, { "timeout-minutes": number; steps: Step[] }>;
}

const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

/** npm scripts a shell line runs: `npm run X`, `npm test`, `npm start`. */
function npmScripts(run: string): string[] {
  const named = [...run.matchAll(/\bnpm\s+(?:run|run-script)\s+([\w:.-]+)/g)].map((m) => m[1]!);
  const builtIn = [...run.matchAll(/\bnpm\s+(test|start|stop|restart)\b/g)].map((m) => m[1]!);
  return [...named, ...builtIn];
}

describe("nightly workflow", () => {
  it("runs daily after the FIX is published and on demand", () => {
    expect(workflow.on.schedule?.map((s) => s.cron)).toEqual(["30 18 * * *"]);
    expect(workflow.on).toHaveProperty("workflow_dispatch");
  });

  it("has minimal permissions, a concurrency group and a timeout", () => {
    expect(workflow.permissions).toEqual({ contents: "read" });
    expect(workflow.concurrency.group).toBeTruthy();
    for (const job of Object.values(workflow.jobs)) expect(job["timeout-minutes"]).toBeGreaterThan(0);
  });

  it("only runs npm scripts that package.json defines, through their own chain", () => {
    const used = steps.flatMap((s) => (s.run ? npmScripts(s.run) : []));
    expect(used).toContain("refresh");
    const seen = new Set<string>();
    const visit = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      expect(scripts, `npm script "${name}"`).toHaveProperty([name]);
      for (const inner of npmScripts(scripts[name] ?? "")) visit(inner);
    };
    used.forEach(visit);
    expect([...seen]).toEqual(expect.arrayContaining(["refresh", "fetch", "build", "test:dist"]));
  });

  it("pins every action by a full commit SHA with its version beside it", () => {
    const uses = steps.flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    for (const u of uses) {
      expect(u).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/);
      expect(text).toMatch(new RegExp(`${u.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} # v\\d`));
    }
  });

  it("passes the publishers' tokens from secrets and deploys dist/ only when everything passed", () => {
    const refresh = steps.find((s) => s.run?.includes("npm run refresh"))!;
    expect(refresh.env).toEqual({ BANXICO_TOKEN: "${{ secrets.BANXICO_TOKEN }}", INEGI_TOKEN: "${{ secrets.INEGI_TOKEN }}" });
    const deploy = steps.find((s) => s.run?.includes("netlify-cli"))!;
    expect(deploy.run).toMatch(/deploy --prod --dir dist/);
    expect(deploy.if ?? "success()").toBe("success()");
    expect(deploy.env).toEqual({ NETLIFY_AUTH_TOKEN: "${{ secrets.NETLIFY_AUTH_TOKEN }}", NETLIFY_SITE_ID: "${{ secrets.NETLIFY_SITE_ID }}" });
    // The deploy comes after the refresh, so a failed refresh skips it.
    expect(steps.indexOf(deploy)).toBeGreaterThan(steps.indexOf(refresh));
  });

  it("restores the previous raw snapshot before the refresh and keeps the snapshot and dumps", () => {
    const restore = steps.findIndex((s) => s.uses?.startsWith("actions/cache/restore@") && s.with?.["path"] === "raw");
    expect(restore).toBeGreaterThanOrEqual(0);
    expect(restore).toBeLessThan(steps.findIndex((s) => s.run?.includes("npm run refresh")));
    const kept = steps.filter((s) => s.uses?.startsWith("actions/upload-artifact@")).map((s) => s.with?.["path"]);
    expect(kept).toEqual(expect.arrayContaining(["raw", "dist/api/v1/public/dumps/"]));
  });
});

describe("ci workflow", () => {
  const ci = parse(readFileSync(`${ROOT}.github/workflows/ci.yml`, "utf8")) as { on: Record<string, unknown>; jobs: Record<string, { steps: Step[] }> };
  const runs = Object.values(ci.jobs).flatMap((j) => j.steps.flatMap((s) => (s.run ? [s.run] : [])));
  const readme = readFileSync(`${ROOT}README.md`, "utf8");

  it("runs on every push and pull request", () => {
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
  });

  it("runs the README's install and test commands, each an existing npm script", () => {
    for (const command of ["npm ci", "npm test"]) {
      expect(readme).toContain(`\n${command}`);
      expect(runs).toContain(command);
    }
    for (const name of runs.flatMap(npmScripts)) expect(scripts[name], name).toBeDefined();
  });
});
