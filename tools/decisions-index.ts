// `npm run decisions`: writes docs/decisions/README.md from the records; with --fold, first numbers the new-*.md records and relinks them.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fg from "fast-glob";
import { runMain } from "./cli.ts";
import { DECISIONS_DIR, readDecisions, recordFiles, renderIndex, UNNUMBERED } from "./decisions.ts";
import { todayInMexicoCity } from "../core/dates.ts";

/** Gives each new-*.md record the next number, its title line and a status line, and rewrites every link to it. */
function fold(dir: string, today: string): void {
  const numbered = recordFiles(dir).filter((f) => !UNNUMBERED.test(f)).length;
  const fresh = recordFiles(dir).filter((f) => UNNUMBERED.test(f));
  const renames = fresh.map((file, i) => {
    const number = String(numbered + i + 1).padStart(4, "0");
    return { file, number, to: `${number}-${file.replace(/^new-/, "")}` };
  });
  for (const r of renames) {
    const lines = readFileSync(join(dir, r.file), "utf8").split("\n");
    const title = (lines[0] ?? "").replace(/^#\s*(\d{4}\.?\s*)?/, "");
    const rest = lines
      .slice(1)
      .join("\n")
      .replace(/^\s*Status: .*\n/, "");
    writeFileSync(
      join(dir, r.file),
      `# ${r.number}. ${title}\n\nStatus: accepted · Date: ${today}\n${rest.startsWith("\n") ? "" : "\n"}${rest}`,
    );
    renameSync(join(dir, r.file), join(dir, r.to));
    console.log(`${r.file} → ${r.to}`);
  }
  for (const path of fg.sync(["**/*.{md,ts}"], { ignore: ["node_modules/**", "dist/**", "raw/**"] })) {
    const text = readFileSync(path, "utf8");
    const next = renames.reduce((t, r) => t.replaceAll(r.file, r.to), text);
    if (next !== text) writeFileSync(path, next);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { fold: { type: "boolean", default: false } } });
  if (values.fold) fold(DECISIONS_DIR, todayInMexicoCity(new Date()));
  const { decisions, problems } = readDecisions(DECISIONS_DIR);
  writeFileSync(join(DECISIONS_DIR, "README.md"), renderIndex(decisions));
  for (const p of problems) console.error(p);
  console.log(`${DECISIONS_DIR}/README.md: ${decisions.length} records`);
  return problems.length === 0 ? 0 : 1;
}

runMain(() => main(process.argv.slice(2)));
