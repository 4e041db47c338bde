// The workflows: their settings, and their shell steps run as the runner would, with npm, npx, git and sudo replaced by recorders.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { removeTempDirs } from "./helpers/tree.ts";
import { runJob, type Job } from "./helpers/workflow-runner.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const text = readFileSync(`${ROOT}.github/workflows/nightly.yml`, "utf8");
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;

interface Workflow {
  on: { schedule?: { cron: string }[]; workflow_dispatch?: unknown };
  permissions: Record<string, string>;
  concurrency: { group: string };
  jobs: Record<string, Job & { "timeout-minutes": number }>;
}

afterAll(removeTempDirs);

const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

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

  // No step may run after a failure (no always(), no failure(), no continue-on-error): the runs below rely on it.
  it("runs every step only when everything before it passed", () => {
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

  it("gives the job only the right to push, and leaves no credentials in .git for the npm steps", () => {
    expect(workflow.permissions).toEqual({ contents: "write" });
    const checkout = steps.find((s) => s.uses?.startsWith("actions/checkout@"));
    expect(checkout?.with?.["persist-credentials"]).toBe(false);
  });
});

describe("a night, run", () => {
  const [job] = Object.values(workflow.jobs);
  const SECRETS = {
    BANXICO_TOKEN: "b-token",
    INEGI_TOKEN: "i-token",
    GITHUB_TOKEN: "g-token",
    NETLIFY_AUTH_TOKEN: "n-token",
    NETLIFY_SITE_ID: "site",
  };
  const night = (fail?: RegExp) =>
    runJob(job!, {
      recorded: ["npm", "npx", "git"],
      secrets: SECRETS,
      watch: [...Object.keys(SECRETS), "SOURCE_DATE_EPOCH"],
      ...(fail && { fail }),
    });
  const line = (c: { command: string; args: string }): string => `${c.command} ${c.args}`;

  it("installs, refreshes with the fixed build time, commits raw/, pushes and deploys, each secret seen only where it is needed", () => {
    const { calls, steps: ran } = night();
    expect(ran.every((s) => s.status === 0)).toBe(true);
    expect(calls.map(line)).toEqual([
      "npm ci --no-audit --no-fund",
      "npm run refresh",
      "git config user.name github-actions[bot]",
      "git config user.email 41898282+github-actions[bot]@users.noreply.github.com",
      "npm run raw:commit",
      "git push https://x-access-token:g-token@github.com/fiscal-mx/fiscal-mx.git HEAD:main",
      expect.stringMatching(/^npx --yes netlify-cli@[\d.]+ deploy --prod --dir dist --no-build$/),
    ]);
    // What each call could read: the publishers' tokens only in the refresh, the push token only in the push.
    expect(calls.map((c) => c.saw)).toEqual([
      [],
      ["BANXICO_TOKEN", "INEGI_TOKEN", "SOURCE_DATE_EPOCH"],
      ["SOURCE_DATE_EPOCH"],
      ["SOURCE_DATE_EPOCH"],
      ["SOURCE_DATE_EPOCH"],
      ["GITHUB_TOKEN", "SOURCE_DATE_EPOCH"],
      ["NETLIFY_AUTH_TOKEN", "NETLIFY_SITE_ID", "SOURCE_DATE_EPOCH"],
    ]);
    // Every call's npm scripts exist.
    for (const c of calls.filter((c) => c.command === "npm"))
      for (const name of npmScripts(line(c))) expect(scripts, name).toHaveProperty([name]);
  });

  it("commits, pushes and deploys nothing when the refresh fails (a publisher down, a check failed)", () => {
    const { calls, steps: ran } = night(/^npm run refresh/);
    expect(ran.at(-1)).toEqual({ step: "Fetch, build and test", status: 1 });
    expect(calls.map(line)).toEqual(["npm ci --no-audit --no-fund", "npm run refresh"]);
  });

  it("deploys nothing when the push is rejected, so what is served is always in git", () => {
    const { calls } = night(/^git push/);
    expect(calls.map((c) => c.command).at(-1)).toBe("git");
    expect(calls.some((c) => c.command === "npx")).toBe(false);
  });
});

describe("ci workflow", () => {
  const ci = parse(readFileSync(`${ROOT}.github/workflows/ci.yml`, "utf8")) as { on: Record<string, unknown>; jobs: Record<string, Job> };
  const readme = readFileSync(`${ROOT}README.md`, "utf8");
  const [job] = Object.values(ci.jobs);

  it("runs on every push and pull request", () => {
    expect(Object.keys(ci.on).sort()).toEqual(["pull_request", "push"]);
  });

  it("installs Chromium, then runs the README's install and test commands, and stops at the first that fails", () => {
    const run = (fail?: RegExp) => runJob(job!, { recorded: ["sudo", "npm"], secrets: {}, watch: [], ...(fail && { fail }) });
    const commands = run().calls.map((c) => `${c.command} ${c.args}`);
    expect(commands).toEqual(["sudo apt-get update", "sudo apt-get install -y chromium", "npm ci", "npm test"]);
    for (const command of ["npm ci", "npm test"]) expect(readme).toContain(`\n${command}`);
    expect(run(/^npm ci/).calls.map((c) => `${c.command} ${c.args}`)).toEqual([
      "sudo apt-get update",
      "sudo apt-get install -y chromium",
      "npm ci",
    ]);
  });
});
