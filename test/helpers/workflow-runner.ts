// Runs a GitHub Actions job's shell steps as the runner does, with the commands they call replaced by recorders.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./tree.ts";

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  "continue-on-error"?: boolean;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

export interface Job {
  env?: Record<string, string>;
  steps: Step[];
}

/** One call of a recorded command: its name and arguments, and which of the watched variables it saw. */
interface Call {
  command: string;
  args: string;
  saw: string[];
}

export interface JobRun {
  calls: Call[];
  /** The shell steps that ran, by name or command, and how each ended. */
  steps: { step: string; status: number }[];
}

export interface RunOptions {
  /** Commands replaced by recorders that log their call and succeed. */
  recorded: string[];
  /** A call whose "command args" matches fails (exit 1), as a failing publisher or a rejected push would. */
  fail?: RegExp;
  secrets: Record<string, string>;
  /** Variables whose presence each call records (the secrets, and what steps pass on through GITHUB_ENV). */
  watch: string[];
}

const EXPRESSION = /\$\{\{\s*(.*?)\s*\}\}/g;

/** The `${{ }}` expressions the workflows use: secrets, vars with a quoted default, and github.run_id; anything else is refused. */
function expand(text: string, secrets: Record<string, string>): string {
  return text.replace(EXPRESSION, (_all, expr: string) => {
    const secret = /^secrets\.(\w+)$/.exec(expr);
    if (secret) return secrets[secret[1]!] ?? "";
    const variable = /^vars\.\w+ \|\| '([^']*)'$/.exec(expr);
    if (variable) return variable[1]!;
    if (expr === "github.run_id") return "1";
    throw new Error(`workflow runner: unknown expression ${expr}`);
  });
}

const expandAll = (env: Record<string, string> | undefined, secrets: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(env ?? {}).map(([k, v]) => [k, expand(String(v), secrets)]));

/** Recorder executables that append "command<TAB>args<TAB>watched names seen" to the log, failing on `RECORDER_FAIL`. */
function writeRecorders(dir: string, recorded: string[], watch: string[]): void {
  const seen = watch.map((name) => `\${${name}:+${name} }`).join("");
  for (const command of recorded) {
    const file = join(dir, command);
    writeFileSync(
      file,
      [
        "#!/bin/bash",
        `line="${command} $*"`,
        `printf '%s\\t%s\\t%s\\n' "${command}" "$*" "${seen}" >> "$RECORDER_LOG"`,
        `if [ -n "$RECORDER_FAIL" ] && printf '%s' "$line" | grep -Eq "$RECORDER_FAIL"; then exit 1; fi`,
        "exit 0",
        "",
      ].join("\n"),
    );
    chmodSync(file, 0o755);
  }
}

/** GITHUB_ENV's KEY=VALUE lines, which the runner adds to the environment of every later step. */
const exported = (file: string): Record<string, string> =>
  existsSync(file)
    ? Object.fromEntries(
        readFileSync(file, "utf8")
          .split("\n")
          .filter((l) => l.includes("="))
          .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      )
    : {};

/**
 * Runs the job's `run` steps in order, each with `bash -e` (the runner's default shell) in the job's and the
 * step's environment plus what earlier steps wrote to GITHUB_ENV. Steps with `uses` are actions and are not
 * run. Like the runner with no `if:` (success()), it runs nothing after the first failed step.
 */
export function runJob(job: Job, options: RunOptions): JobRun {
  const dir = tempDir("workflow");
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeRecorders(bin, options.recorded, options.watch);
  const log = join(dir, "calls.log");
  const githubEnv = join(dir, "github-env");
  writeFileSync(log, "");
  const base: Record<string, string> = {
    PATH: `${bin}:/usr/bin:/bin`,
    HOME: dir,
    RECORDER_LOG: log,
    RECORDER_FAIL: options.fail?.source ?? "",
    GITHUB_ENV: githubEnv,
    GITHUB_REPOSITORY: "fiscal-mx/fiscal-mx",
    GITHUB_REF_NAME: "main",
  };
  const steps: JobRun["steps"] = [];
  for (const step of job.steps) {
    if (step.run === undefined) continue;
    const env = { ...base, ...expandAll(job.env, options.secrets), ...exported(githubEnv), ...expandAll(step.env, options.secrets) };
    const result = spawnSync("bash", ["--noprofile", "--norc", "-e", "-c", step.run], { cwd: dir, env, encoding: "utf8" });
    steps.push({ step: step.name ?? step.run, status: result.status ?? 1 });
    if (result.status !== 0) break;
  }
  const calls = readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const [command = "", args = "", saw = ""] = l.split("\t");
      return { command, args, saw: saw.split(" ").filter((s) => s !== "") };
    });
  return { calls, steps };
}
