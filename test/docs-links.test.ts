// The README and docs/ point only at what exists (every relative link, #anchor, backticked path and cited .md file); the decision records are one indexed sequence.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import fg from "fast-glob";
import type { Nodes, Root } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { DECISIONS_DIR, readDecision, readDecisions, renderIndex } from "../tools/decisions.ts";

/** Top-level folders and files of the repository: a backticked path starting with one of them is a path to check. */
const REPO_PATH =
  /^(?:(?:\.ci|\.github|bench|build|content|core|docs|functions|lib|netlify|raw|server|site|sources|test)\/[^\s<>{}*…|]*|tools\/[^\s<>{}*…|]+\.ts|LICENSE|README\.md|package\.json|netlify\.toml|tsconfig\.json|biome\.json|knip\.json|vitest\.config\.ts|vitest\.quick\.config\.ts)$/;

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
    const tree = fromMarkdown("# Title\n\n[a](docs/none.md) [b](#title) [c](#nothing) `lib/none.ts` `lib/routes/routes.ts`\n");
    expect(brokenReferences("README.md", tree)).toEqual([
      "README.md: link docs/none.md (no docs/none.md)",
      "README.md: link #nothing (no heading #nothing in README.md)",
      "README.md: path `lib/none.ts` does not exist",
    ]);
  });
});

/** A Markdown file named in a tracked file's text: a path to a .md file, as written. */
const CITED_MD = /(?<![\w/.-])((?:\.{1,2}\/)?(?:[\w-]+\/)*[\w-]+\.md)\b/g;

/** Every .md file a tracked text file cites that exists neither from the repository root nor from the file's folder. */
function missingCitations(file: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CITED_MD)) {
    const cited = m[1] as string;
    if (existsSync(cited) || existsSync(join(dirname(file), cited)) || fg.sync(`{docs,content}/**/${cited}`).length > 0) continue;
    // A path inside another repository, named before it ("owner/name path"), is provenance, not ours.
    if (/[\w.-]+\/[\w.-]+(@[0-9a-f]+)?(`? `?|:)$/.test(text.slice(Math.max(0, (m.index ?? 0) - 80), m.index))) continue;
    // So is a further path of the same citation ("owner/name@commit:a.php … y b.md"), up to its sentence's end.
    if (/[\w.-]+\/[\w.-]+@[0-9a-f]{7,}[: ][^;.\n]*(?:\.[a-z]+[^;.\n]*)*$/.test(text.slice(Math.max(0, (m.index ?? 0) - 160), m.index)))
      continue;
    out.push(`${file}: cites ${cited}, which the repository does not hold`);
  }
  return out;
}

describe("cited files", () => {
  const tracked = execFileSync("git", ["ls-files", "*.md", "*.ts", "*.toml", "*.json", "*.yaml"], { encoding: "utf8" })
    .split("\n")
    .filter((f) => f !== "" && !f.startsWith("raw/") && !f.startsWith("test/") && existsSync(f));

  it("name only Markdown files the repository holds, in code and docs alike (the tests' fixtures aside)", () => {
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.flatMap((f) => missingCitations(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("would catch a file that is not in the repository", () => {
    expect(missingCitations("lib/x.ts", "// The rules of DESIGN.md; see docs/series.md and README.md.")).toEqual([
      "lib/x.ts: cites DESIGN.md, which the repository does not hold",
    ]);
  });
});

describe("the decision records", () => {
  it("are one sequence from 0001, each with its status, date, context, decision and consequences, citing nothing outside", () => {
    const { decisions, problems } = readDecisions(DECISIONS_DIR);
    expect(problems).toEqual([]);
    expect(decisions.length).toBeGreaterThan(50);
  });

  it("are listed in docs/decisions/README.md as npm run decisions writes it", () => {
    const index = readFileSync(join(DECISIONS_DIR, "README.md"), "utf8");
    // Biome aligns the table's columns; the cells are what count.
    const cells = (md: string): string[] =>
      md.split("\n").map((l) =>
        l.startsWith("|")
          ? l
              .split("|")
              .map((c) => c.trim().replace(/^-+$/, "-"))
              .join("|")
          : l,
      );
    expect(cells(index), "run npm run decisions").toEqual(cells(renderIndex(readDecisions(DECISIONS_DIR).decisions)));
  });

  it("would refuse a record without its sections, one citing a tracker, and one not numbered yet", () => {
    const dir = mkdtempSync(join(tmpdir(), "fmx-decisions-"));
    try {
      writeFileSync(
        join(dir, "0001-a.md"),
        "# 0001. A\n\nStatus: accepted · Date: 2026-12-01\n\n## Context\n\nx\n\n## Decision\n\ny, as issue 12 asks\n",
      );
      writeFileSync(join(dir, "new-branch-b.md"), "# B\n");
      expect(readDecision(dir, "0001-a.md")).toEqual([
        '0001-a.md: no "## Consequences" after the previous section',
        "0001-a.md: cites something outside the repository (\\b[Ii]ssues? \\d+)",
      ]);
      expect(readDecisions(dir).problems).toContain(
        "new-branch-b.md: not numbered (four digits, a hyphen, a name); run npm run decisions -- --fold",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
