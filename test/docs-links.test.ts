// The README and docs/ point only at what exists: every relative link (and its #anchor) and every backticked repository path.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";

/** Top-level folders and files of the repository: a backticked path starting with one of them is a path to check. */
const REPO_PATH =
  /^(?:(?:\.ci|\.github|bench|build|content|docs|functions|lib|netlify|raw|server|site|sources|test)\/[^\s<>{}*…|]*|LICENSE|README\.md|package\.json|netlify\.toml|tsconfig\.json|biome\.json|knip\.json|vitest\.config\.ts)$/;

const textOf = (node: Nodes): string =>
  "value" in node && typeof node.value === "string" ? node.value : "children" in node ? node.children.map(textOf).join("") : "";

function walk(node: Nodes, visit: (n: Nodes) => void): void {
  visit(node);
  if ("children" in node) for (const child of node.children) walk(child, visit);
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(tree: Root): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  walk(tree, (n) => {
    if (n.type !== "heading") return;
    const base = textOf(n)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    out.add(count === 0 ? base : `${base}-${count}`);
  });
  return out;
}

/** Each file parsed once: a page linked from many places is read for its headings only the first time. */
const trees = new Map<string, Root>();
function parse(file: string): Root {
  const kept = trees.get(file);
  if (kept !== undefined) return kept;
  const tree = fromMarkdown(readFileSync(file, "utf8"));
  trees.set(file, tree);
  return tree;
}

/** Every broken reference of one Markdown file (a path relative to the repository root), as a readable line. */
function brokenReferences(file: string, tree: Root = parse(file)): string[] {
  const broken: string[] = [];
  walk(tree, (n) => {
    if (n.type === "link") {
      if (/^[a-z][a-z0-9+.-]*:/i.test(n.url)) return;
      const [target = "", anchor] = n.url.split("#");
      const path = target === "" ? file : normalize(join(dirname(file), decodeURI(target)));
      if (!existsSync(path)) broken.push(`${file}: link ${n.url} (no ${path})`);
      else if (anchor !== undefined && path.endsWith(".md") && !anchors(path === file ? tree : parse(path)).has(anchor))
        broken.push(`${file}: link ${n.url} (no heading #${anchor} in ${path})`);
    } else if (n.type === "inlineCode" && REPO_PATH.test(n.value) && !existsSync(n.value)) {
      broken.push(`${file}: path \`${n.value}\` does not exist`);
    }
  });
  return broken;
}

describe("documentation references", () => {
  const files = ["README.md", ...fg.sync("docs/**/*.md")];

  it("point only at files, folders and headings that exist", () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files.flatMap((f) => brokenReferences(f))).toEqual([]);
  });

  it("would catch a missing file, a missing heading and a missing backticked path", () => {
    const tree = fromMarkdown("# Title\n\n[a](docs/none.md) [b](#title) [c](#nothing) `lib/none.ts` `lib/routes.ts`\n");
    expect(brokenReferences("README.md", tree)).toEqual([
      "README.md: link docs/none.md (no docs/none.md)",
      "README.md: link #nothing (no heading #nothing in README.md)",
      "README.md: path `lib/none.ts` does not exist",
    ]);
  });
});
