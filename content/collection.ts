// A folder of content: its order.yaml and one Markdown file per entry, each front matter checked against its schema with ajv.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Static, TSchema } from "@sinclair/typebox";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import * as addFormatsModule from "ajv-formats";
import fg from "fast-glob";
import { parse as parseYaml } from "yaml";
import { type Block, firstLine, parseContentFile } from "./markdown.ts";

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule.default as unknown as typeof addFormatsModule.default.default;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv, ["date"]);

/** Every problem found in the content files, each naming its file; thrown once after all files were read. */
export class ContentError extends Error {
  override readonly name = "ContentError";
  constructor(readonly problems: string[]) {
    super(`El contenido tiene ${problems.length} problema(s):\n${problems.map((p) => `  ✗ ${p}`).join("\n")}`);
  }
}

export interface Entry<M> {
  slug: string;
  /** The file as the problems name it. */
  file: string;
  matter: M;
  blocks: Block[];
}

/** A path the way a writer finds it: relative to the working folder when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith("..") ? path : rel;
}

/** An ajv error as a writer reads it: the field and what is wrong with it. */
function describeError(e: ErrorObject): string {
  const field = e.instancePath.slice(1).replaceAll("/", ".");
  const params = e.params as Record<string, unknown>;
  if (e.keyword === "required") return `falta el campo "${String(params["missingProperty"])}"`;
  if (e.keyword === "additionalProperties") return `campo desconocido "${String(params["additionalProperty"])}"`;
  return `campo "${field || "(raíz)"}": ${e.message ?? e.keyword}`;
}

/** The slugs of order.yaml: the order of the catalog and of the site's lists. */
function readOrder(dir: string, problems: string[]): string[] {
  const file = join(dir, "order.yaml");
  let order: unknown;
  try {
    order = parseYaml(readFileSync(file, "utf8"));
  } catch (err) {
    problems.push(`${shown(file)}: ${firstLine(err)}`);
    return [];
  }
  if (!Array.isArray(order) || !order.every((s): s is string => typeof s === "string")) {
    problems.push(`${shown(file)}: debe ser una lista de nombres de archivo sin .md`);
    return [];
  }
  const seen = new Set<string>();
  for (const slug of order) {
    if (seen.has(slug)) problems.push(`${shown(file)}: "${slug}" aparece más de una vez`);
    seen.add(slug);
  }
  return [...seen];
}

export interface Collection<M> {
  /** The entries whose file passed every check, in order. */
  entries: Entry<M>[];
  /** Every slug that has a file and a line in order.yaml, valid or not (so one bad file does not also break every link to it). */
  slugs: Set<string>;
}

/**
 * Reads every `<slug>.md` of `dir` in the order of its order.yaml, checking each front matter against `schema`.
 * Problems are appended to `problems` (never thrown here), so one run reports every bad file.
 */
export function readCollection<S extends TSchema>(dir: string, schema: S, problems: string[]): Collection<Static<S>> {
  const validate = ajv.compile<Static<S>>(schema);
  const order = readOrder(dir, problems);
  const files = new Set(fg.sync("*.md", { cwd: dir }).map((f) => f.slice(0, -".md".length)));
  for (const slug of files) if (!order.includes(slug)) problems.push(`${shown(join(dir, `${slug}.md`))}: no aparece en order.yaml`);
  const entries: Entry<Static<S>>[] = [];
  const slugs = new Set<string>();
  for (const slug of order) {
    const file = shown(join(dir, `${slug}.md`));
    if (!files.has(slug)) {
      problems.push(`${shown(join(dir, "order.yaml"))}: "${slug}" no tiene archivo ${file}`);
      continue;
    }
    slugs.add(slug);
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) problems.push(`${file}: el nombre debe ir en minúsculas ASCII separadas por guiones`);
    const parsed = parseContentFile(readFileSync(join(dir, `${slug}.md`), "utf8"));
    problems.push(...parsed.problems.map((p) => `${file}: ${p}`));
    if (parsed.matter === undefined) continue;
    if (!validate(parsed.matter)) {
      problems.push(...new Set((validate.errors ?? []).map((e) => `${file}: front matter, ${describeError(e)}`)));
      continue;
    }
    entries.push({ slug, file, matter: parsed.matter, blocks: parsed.blocks });
  }
  return { entries, slugs };
}
