// The repository's import graph between its own files, type-only imports marked, and its cycles: the layers test and bench/layout.ts read it.
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import fg from "fast-glob";
import ts from "typescript";

/** One relative import of a file: its specifier and whether it carries types only (erased at run time). */
export interface ImportRef {
  specifier: string;
  typeOnly: boolean;
}

const allTypes = (elements: ts.NodeArray<ts.ImportSpecifier | ts.ExportSpecifier>): boolean =>
  elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** Whether an import declaration brings values (a default, a namespace, a name not marked `type`) or only types. */
function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined || clause.namedBindings === undefined) return false;
  return ts.isNamedImports(clause.namedBindings) && allTypes(clause.namedBindings.elements);
}

const exportIsTypeOnly = (node: ts.ExportDeclaration): boolean =>
  node.isTypeOnly || (node.exportClause !== undefined && ts.isNamedExports(node.exportClause) && allTypes(node.exportClause.elements));

/**
 * Every relative import of a source text, from its syntax tree: `import` and `import type`, `export … from`,
 * `import()`, `require()` and `import("…")` types.
 */
export function importsOf(fileName: string, text: string): ImportRef[] {
  const out: ImportRef[] = [];
  const add = (spec: ts.Expression | ts.TypeNode | undefined, typeOnly: boolean): void => {
    const literal = spec !== undefined && ts.isLiteralTypeNode(spec as ts.Node) ? (spec as ts.LiteralTypeNode).literal : spec;
    if (literal !== undefined && ts.isStringLiteral(literal) && literal.text.startsWith("."))
      out.push({ specifier: literal.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importIsTypeOnly(node));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportIsTypeOnly(node));
    else if (ts.isImportTypeNode(node)) add(node.argument, true);
    else if (ts.isCallExpression(node)) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const required = ts.isIdentifier(node.expression) && node.expression.text === "require";
      if (dynamic || required) add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false));
  return out;
}

/** The repository's own module files under `cwd`, tests and benchmarks included. */
export const sourceFiles = (cwd = "."): string[] =>
  fg.sync(["**/*.{ts,mts,mjs,js}"], { cwd, ignore: ["node_modules/**", "dist/**", "test-output/**", "raw/**", "**/*.d.ts"] }).sort();

/** Every relative specifier of a source text the compiler's import scanner finds (no syntax tree: a quarter of its cost), type-only ones included. */
export const scannedImports = (text: string): string[] =>
  ts
    .preProcessFile(text, true, true)
    .importedFiles.map((i) => i.fileName)
    .filter((f) => f.startsWith("."));

/**
 * Each file → the files of the set it imports, type-only imports included; `runtimeOnly` leaves them out (which
 * takes each file's syntax tree). Specifiers naming no file of the set (a built bundle) are left out.
 */
export function fileGraph(files: readonly string[], options: { cwd?: string; runtimeOnly?: boolean } = {}): Map<string, string[]> {
  const known = new Set(files);
  const specifiers = (file: string, text: string): string[] =>
    options.runtimeOnly === true ? importsOf(file, text).flatMap((i) => (i.typeOnly ? [] : [i.specifier])) : scannedImports(text);
  return new Map(
    files.map((file) => [
      file,
      specifiers(file, readFileSync(posix.join(options.cwd ?? ".", file), "utf8"))
        .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)))
        .filter((target) => known.has(target)),
    ]),
  );
}

/** The strongly connected groups of two or more files (or one importing itself), each sorted: every cycle lies in one. */
export function fileCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || graph.get(v)?.includes(v)) found.push(group.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) connect(v);
  return found;
}

/** The dataset registry files that were at lib/'s root before lib/datasets/ held them: in an older checkout they count there. */
const DEFS_MOVES_TO_DATASETS = [
  "banxico-series.ts",
  "dataset-entry.ts",
  "dataset-registry.ts",
  "dump-paths.ts",
  "dump-slices.ts",
  "payroll-records.ts",
  "provenance-words.ts",
  "published-schemas.ts",
  "records.ts",
];

/** The lib/ folder a repo path is in ("datasets" for the registry files still at the root, "" for another root file), or null outside lib/. */
export function libFolder(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] !== "lib") return null;
  if (parts.length === 2) return DEFS_MOVES_TO_DATASETS.includes(parts[1]!) ? "datasets" : "";
  return parts[1]!;
}
