// One content file as text → its front matter (YAML) and its body as `## ` headings and paragraphs of plain text, with line numbers.
import type { Heading, Paragraph, RootContent } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { frontmatterFromMarkdown } from "mdast-util-frontmatter";
import { frontmatter } from "micromark-extension-frontmatter";
import { parse as parseYaml } from "yaml";

export interface Block {
  kind: "heading" | "paragraph";
  /** Plain text: soft line breaks become spaces, Markdown escapes are resolved. */
  text: string;
  /** The text with its source line breaks kept, so a problem inside it can name its own line. */
  raw: string;
  line: number;
}

export interface ParsedFile {
  /** The parsed YAML; undefined when the file has none or it does not parse (a problem says which). */
  matter: unknown;
  blocks: Block[];
  /** What the site cannot show as written, each with its line. */
  problems: string[];
}

/** The first line of a parser's message, without the colon that introduces its excerpt. */
export const firstLine = (err: unknown): string => ((err as Error).message.split("\n")[0] ?? "").replace(/:$/, "");

const lineOf = (node: { position?: { start: { line: number } } | undefined }): number => node.position?.start.line ?? 0;

/** A heading or paragraph as a Block; inline Markdown (emphasis, links, code, HTML) is refused: the site shows plain text. */
function plainBlock(kind: Block["kind"], node: Heading | Paragraph, problems: string[]): Block {
  let raw = "";
  for (const child of node.children) {
    if (child.type === "text") raw += child.value;
    else problems.push(`línea ${lineOf(child)}: el formato en línea (${child.type}) no se admite; el sitio muestra texto sin formato`);
  }
  return { kind, text: raw.replace(/[ \t]*\n[ \t]*/g, " ").trim(), raw, line: lineOf(node) };
}

function block(node: RootContent, problems: string[]): Block | undefined {
  if (node.type === "heading" && node.depth === 2) return plainBlock("heading", node, problems);
  if (node.type === "paragraph") return plainBlock("paragraph", node, problems);
  const what = node.type === "heading" ? `un encabezado de nivel ${node.depth}` : `un bloque ${node.type}`;
  problems.push(`línea ${lineOf(node)}: ${what} no se admite; el cuerpo lleva encabezados "## " y párrafos`);
  return undefined;
}

export function parseContentFile(source: string): ParsedFile {
  const tree = fromMarkdown(source, { extensions: [frontmatter(["yaml"])], mdastExtensions: [frontmatterFromMarkdown(["yaml"])] });
  const problems: string[] = [];
  const blocks: Block[] = [];
  let matter: unknown;
  let hasMatter = false;
  for (const node of tree.children) {
    if (node.type === "yaml") {
      hasMatter = true;
      try {
        matter = parseYaml(node.value);
      } catch (err) {
        problems.push(`front matter: YAML no válido: ${firstLine(err)}`);
      }
      continue;
    }
    const b = block(node, problems);
    if (b) blocks.push(b);
  }
  if (!hasMatter) problems.push("falta el front matter: el archivo empieza con una línea `---`, los campos y otra línea `---`");
  return { matter, blocks, problems };
}
