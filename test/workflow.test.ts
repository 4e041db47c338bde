// The nightly workflow, lightly: it parses, runs only scripts that exist, and orders refresh → commit → push → deploy.
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
  "continue-on-error"?: boolean;
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
const indexOf = (pattern: RegExp): number => steps.findIndex((s) => pattern.test(s.run ?? ""));

/** npm scripts a shell line runs: `npm run X`, `npm test`, `npm start`. */
function npmScripts(run: string): string[] {
  const named = [...run.matchAll(/\bnpm\s+(?:run|run-script)\s+([\w:.-]+)/g)].map((m) => m[1]!);
  const builtIn = [...run.matchAll(/\bnpm\s+(test|start|stop|restart)\b/g)].map((m) => m[1]!);
  return [...named, ...builtIn];
}

describe("nightly workflow", () => {
  it("runs daily and on demand, one run at a time, with a timeout", () => {
    expect(workflow.on.schedule).toHaveLength(1);
    expect(workflow.on).toHaveProperty("workflow_dispatch");
    expect(workflow.concurrency.group).toBeTruthy();
    for (const job of Object.values(workflow.jobs)) expect(job["timeout-minutes"]).toBeGreaterThan(0);
  });

  it("only runs npm scripts that package.json defines, through their own chain", () => {
    const seen = new Set<string>();
    const visit = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      expect(scripts, `npm script "${name}"`).toHaveProperty([name]);
      for (const inner of npmScripts(scripts[name] ?? "")) visit(inner);
    };
    steps.flatMap((s) => (s.run ? npmScripts(s.run) : [])).forEach(visit);
    expect([...seen]).toEqual(expect.arrayContaining(["refresh", "fetch", "build", "test:dist", "raw:commit"]));
  });

  it("pins every action by a full commit SHA", () => {
    for (const s of steps.filter((s) => s.uses)) expect(s.uses).toMatch(/^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/);
  });

  it("refreshes, then commits raw/, pushes and deploys, each only when everything before it passed", () => {
    const order = [/npm run refresh/, /npm run raw:commit/, /git push/, /netlify-cli@[\d.]+ deploy --prod --dir dist/].map(indexOf);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // No step runs after a failure: no always(), no failure(), no continue-on-error.
    for (const s of steps) {
      expect(s.if ?? "success()", s.name ?? s.run).toBe("success()");
      expect(s["continue-on-error"] ?? false).toBe(false);
    }
  });

  it("keeps raw/ in git only: no cache or artifact of it", () => {
    for (const s of steps) {
      if (s.uses?.startsWith("actions/cache") || s.uses?.startsWith("actions/upload-artifact"))
        expect(String(s.with?.["path"])).not.toMatch(/^raw\b/);
    }
  });

  it("gives each secret only to the step that needs it, and the job only the right to push", () => {
    expect(workflow.permissions).toEqual({ contents: "write" });
    const holders = (secret: string): number[] =>
      steps.flatMap((s, i) => (JSON.stringify(s.env ?? {}).includes(`secrets.${secret}`) ? [i] : []));
    expect(holders("BANXICO_TOKEN")).toEqual([indexOf(/npm run refresh/)]);
    expect(holders("INEGI_TOKEN")).toEqual([indexOf(/npm run refresh/)]);
    expect(holders("GITHUB_TOKEN")).toEqual([indexOf(/git push/)]);
    expect(holders("NETLIFY_AUTH_TOKEN")).toEqual([indexOf(/netlify-cli/)]);
    const checkout = steps.find((s) => s.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with?.["persist-credentials"]).toBe(false);
  });
});

describe("ci workflow", () => {
  const ci = parse(readFileSync(`${ROOT}.github/workflows/ci.yml`, "utf8")) as {
    on: Record<string, unknown>;
    jobs: Record<string, { steps: Step[] }>;
  };
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
