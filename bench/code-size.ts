// File and function sizes (lines) of the project's TypeScript: median, p90 and maximum, from the compiler's syntax tree;
// and the lines a request passes through (issue 45: the HTTP layer, the handlers, the server, the functions, the edge).
import { readFileSync } from "node:fs";
import fg from "fast-glob";
import ts from "typescript";
import { quantile } from "./measure.ts";

const files = fg.sync(["**/*.ts"], { ignore: ["node_modules/**", "dist/**", "raw/**", "**/*.d.ts"], cwd: process.argv[2] ?? "." });
const root = process.argv[2] ?? ".";

const lineCount = (sf: ts.SourceFile, node: ts.Node): number =>
  sf.getLineAndCharacterOfPosition(node.getEnd()).line - sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

const isFunction = (n: ts.Node): n is ts.FunctionLikeDeclaration =>
  (ts.isFunctionDeclaration(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isArrowFunction(n) ||
    ts.isFunctionExpression(n) ||
    ts.isConstructorDeclaration(n) ||
    ts.isGetAccessorDeclaration(n) ||
    ts.isSetAccessorDeclaration(n)) &&
  n.body !== undefined;

/** Folders whose every line a request may pass through; the HTTP toolkit the handlers use counts wherever it lives. */
const REQUEST_PATH = ["lib/http/", "lib/http-kit/", "lib/handlers/", "server/", "functions/", "netlify/edge-functions/"];

const fileSizes: number[] = [];
let requestPath = 0;
const functionSizes: number[] = [];
for (const file of files) {
  const text = readFileSync(`${root}/${file}`, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  fileSizes.push(lines);
  if (REQUEST_PATH.some((folder) => file.startsWith(folder))) requestPath += lines;
  const visit = (n: ts.Node): void => {
    if (isFunction(n)) functionSizes.push(lineCount(sf, n));
    ts.forEachChild(n, visit);
  };
  visit(sf);
}

const row = (name: string, v: number[]): string =>
  `${name.padEnd(10)} count ${String(v.length).padStart(5)}  median ${String(quantile(v, 0.5)).padStart(4)}  p90 ${String(quantile(v, 0.9)).padStart(4)}  max ${String(Math.max(...v)).padStart(5)}`;
console.log(row("files", fileSizes));
console.log(row("functions", functionSizes));
console.log(`request path ${requestPath} lines (${REQUEST_PATH.join(", ")})`);
