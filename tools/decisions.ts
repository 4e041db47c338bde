// The decision records of docs/decisions/: one numbered sequence, each with its sections, and the index README.md made from them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isValidIsoDate } from "../core/dates.ts";

export const DECISIONS_DIR = "docs/decisions";
/** A numbered record's file name: four digits, a hyphen, a slug. */
const NUMBERED = /^(\d{4})-[a-z0-9-]+\.md$/;
/** A record a branch added, waiting for its number (`npm run decisions -- --fold`). */
export const UNNUMBERED = /^new-[a-z0-9-]+\.md$/;
const STATUS_LINE = /^Status: (accepted|superseded by \d{4}|superseded in part by \d{4}) · Date: (\S+)$/;
const SECTIONS = ["## Context", "## Decision", "## Consequences"];
/** What a record must not cite: files and trackers outside the repository. */
const OUTSIDE = [/DESIGN\.md/, /\b[Ii]ssues? \d+/, /\bissues show\b/];

export interface Decision {
  file: string;
  number: string;
  title: string;
  status: string;
  date: string;
}

/** The record files of the folder, by name (the index excluded). */
export const recordFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort();

/** A record's number, title, status and date, or the reasons it has none. */
export function readDecision(dir: string, file: string): Decision | string[] {
  const text = readFileSync(join(dir, file), "utf8");
  const lines = text.split("\n");
  const number = NUMBERED.exec(file)?.[1];
  const problems: string[] = [];
  if (number === undefined) problems.push(`${file}: not numbered (four digits, a hyphen, a name); run npm run decisions -- --fold`);
  const title = new RegExp(`^# ${number ?? "\\d{4}"}\\. (.+)$`).exec(lines[0] ?? "")?.[1];
  if (title === undefined) problems.push(`${file}: the first line must be "# ${number ?? "NNNN"}. Title"`);
  const status = STATUS_LINE.exec(lines[2] ?? "");
  if (status === null || !isValidIsoDate(status[2] ?? ""))
    problems.push(`${file}: the third line must be "Status: accepted · Date: YYYY-MM-DD"`);
  let at = 0;
  for (const section of SECTIONS) {
    const found = lines.findIndex((l, i) => i >= at && l === section);
    if (found < 0) problems.push(`${file}: no "${section}" after the previous section`);
    else at = found;
  }
  for (const rule of OUTSIDE) if (rule.test(text)) problems.push(`${file}: cites something outside the repository (${rule.source})`);
  if (problems.length > 0 || number === undefined || title === undefined || status === null) return problems;
  return { file, number, title, status: status[1] as string, date: status[2] as string };
}

/** The index: every record in number order, with its status and date. */
export function renderIndex(decisions: readonly Decision[]): string {
  const rows = decisions.map((d) => `| [${d.number}](${d.file}) | ${d.title.replaceAll("|", "\\|")} | ${d.status} | ${d.date} |`);
  return [
    "# Decision records",
    "",
    "One numbered sequence; each record says its context, the decision and its consequences. This index is made from",
    "the records by `npm run decisions` (a test fails when it differs). A branch adds a record as",
    "`new-<branch>-<name>.md`; `npm run decisions -- --fold` gives it the next number and rewrites the links to it.",
    "",
    "| number | title | status | date |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/** Every record read, and every problem of the folder: a record's own, gaps or repeats in the numbers. */
export function readDecisions(dir: string): { decisions: Decision[]; problems: string[] } {
  const decisions: Decision[] = [];
  const problems: string[] = [];
  for (const file of recordFiles(dir)) {
    const d = readDecision(dir, file);
    if (Array.isArray(d)) problems.push(...d);
    else decisions.push(d);
  }
  decisions.forEach((d, i) => {
    const expected = String(i + 1).padStart(4, "0");
    if (d.number !== expected) problems.push(`${d.file}: numbered ${d.number}, expected ${expected} (one sequence, no gaps or repeats)`);
  });
  return { decisions, problems };
}
