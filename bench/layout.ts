// `npx tsx bench/layout.ts [DIR]`: lib/'s root files, the cycles between files (at run time and with type-only imports) and between lib/'s folders at run time, of the checkout in DIR.
import fg from "fast-glob";
import { fileCycles, fileGraph, libFolder, sourceFiles } from "../tools/import-graph.ts";

const cwd = process.argv[2] ?? ".";
const files = sourceFiles(cwd);
const runtime = fileGraph(files, { cwd, runtimeOnly: true });
const all = fileGraph(files, { cwd });

/** lib/'s folder of a file: "lib/" for a loose file, the dataset registry files still at the root counted in lib/datasets/. */
const folder = (path: string): string | null => {
  const f = libFolder(path);
  return f === null ? null : f === "" ? "lib/" : `lib/${f}/`;
};
const folders = new Map<string, Set<string>>();
for (const [file, targets] of runtime) {
  const from = folder(file);
  if (from === null) continue;
  const to = folders.get(from) ?? new Set<string>();
  for (const t of targets) {
    const f = folder(t);
    if (f !== null && f !== from) to.add(f);
  }
  folders.set(from, to);
}
const graphOf = (m: Map<string, Set<string>>): Map<string, string[]> => new Map([...m].map(([k, v]) => [k, [...v]]));

const rootFiles = fg.sync("lib/*", { cwd, onlyFiles: true });
const show = (groups: string[][]): string => (groups.length === 0 ? "none" : groups.map((g) => `\n    ${g.join(" ")}`).join(""));
console.log(`files read: ${files.length}`);
console.log(`lib/ root files: ${rootFiles.length}`);
console.log(`file cycles (strongly connected groups), run time: ${fileCycles(runtime).length} ${show(fileCycles(runtime))}`);
console.log(`file cycles, type-only imports included: ${fileCycles(all).length} ${show(fileCycles(all))}`);
console.log(`lib/ folder cycles at run time: ${fileCycles(graphOf(folders)).length} ${show(fileCycles(graphOf(folders)))}`);
