// Writes each function's `included_files` into netlify.toml from FUNCTION_INCLUDED_FILES (build/netlify.ts), the rest of the file as it is: `npx tsx tools/netlify-toml.ts`.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { FUNCTION_INCLUDED_FILES } from "../build/netlify.ts";

/** A list on one line when it fits in 120 characters, else one entry a line. */
function renderList(files: readonly string[]): string {
  const oneLine = `  included_files = [${files.map((f) => JSON.stringify(f)).join(", ")}]`;
  if (oneLine.length <= 120) return oneLine;
  return `  included_files = [\n${files.map((f) => `    ${JSON.stringify(f)},\n`).join("")}  ]`;
}

/** `toml` with the `included_files` of each function of `lists` replaced; a function the file does not declare is an error naming it. */
export function withIncludedFiles(toml: string, lists: Readonly<Record<string, readonly string[]>>): string {
  let out = toml;
  for (const [name, files] of Object.entries(lists)) {
    const section = new RegExp(`(\\[functions\\.${name.replace(/[-.]/g, "\\$&")}\\]\\n)  included_files = \\[(?:[^\\]"]|"[^"]*")*\\]`);
    if (!section.test(out)) throw new Error(`netlify.toml: falta [functions.${name}] con su included_files`);
    out = out.replace(section, (_, head: string) => `${head}${renderList(files)}`);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = new URL("../netlify.toml", import.meta.url);
  const before = readFileSync(path, "utf8");
  const after = withIncludedFiles(before, FUNCTION_INCLUDED_FILES);
  if (after !== before) writeFileSync(path, after);
  console.log(after === before ? "netlify.toml ya está al día" : "netlify.toml: included_files reescritos");
}
