// The site content's loader: an untouched copy loads as the site's records, and each kind of bad file is refused with its file and line. Each test loads a whole copy of content/ (about 0.3 s of CPU a load), so this suite runs in `npm test`, not in `npm run test:quick`.
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { articles, glossary, tools } from "../content/index.ts";
import { ContentError } from "../content/collection.ts";
import { loadContent } from "../content/load.ts";
import { fillPlaceholders } from "../content/placeholders.ts";
import { staleSuggestCatalog } from "../build/suggest-catalog.ts";

const CONTENT_DIR = fileURLToPath(new URL("../content/", import.meta.url));

/** A copy of the real content folders in a temp dir, so a test can break one file and load the rest as they are. */
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});
function contentCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "fmx-content-"));
  temps.push(dir);
  for (const kind of ["tools", "articles", "glossary"]) cpSync(path.join(CONTENT_DIR, kind), path.join(dir, kind), { recursive: true });
  return dir;
}

/** The problems loadContent reports for `dir`, or [] when it loads. */
function problemsOf(dir: string): string[] {
  try {
    loadContent(dir);
    return [];
  } catch (err) {
    if (err instanceof ContentError) return err.problems;
    throw err;
  }
}

/** Edits one file of a fresh copy and returns the problems the loader reports. */
function problemsAfter(file: string, edit: (text: string) => string): string[] {
  const dir = contentCopy();
  const target = path.join(dir, file);
  writeFileSync(target, edit(readFileSync(target, "utf8")));
  return problemsOf(dir);
}

describe("content loader", () => {
  it("loads an untouched copy of the content, with the records the site uses", () => {
    const dir = contentCopy();
    expect(problemsOf(dir)).toEqual([]);
    expect(loadContent(dir)).toEqual({ tools, articles, glossary });
  });

  it("stops on a malformed front matter, naming the file and the field", () => {
    const problems = problemsAfter("glossary/uma.md", (t) => t.replace(/^summary: .*$/m, "summary: [no, es, texto]"));
    expect(problems).toEqual([expect.stringMatching(/glossary\/uma\.md: front matter, campo "summary": must be string/)]);
    const missing = problemsAfter("articles/inpc-y-factor-de-actualizacion-articulo-17-a.md", (t) => t.replace(/^updated: .*\n/m, ""));
    expect(missing).toEqual([
      expect.stringMatching(/articles\/inpc-y-factor-de-actualizacion-articulo-17-a\.md: front matter, falta el campo "updated"/),
    ]);
  });

  it("refuses unknown fields, impossible dates, YAML that does not parse and a file without front matter", () => {
    expect(problemsAfter("tools/conversor-uma.md", (t) => t.replace("title:", "titulo:"))).toEqual([
      expect.stringMatching(/tools\/conversor-uma\.md: front matter, falta el campo "title"/),
      expect.stringMatching(/tools\/conversor-uma\.md: front matter, campo desconocido "titulo"/),
    ]);
    expect(
      problemsAfter("articles/inpc-y-factor-de-actualizacion-articulo-17-a.md", (t) => t.replace(/^updated: .*$/m, "updated: 2026-02-30")),
    ).toEqual([
      expect.stringMatching(/inpc-y-factor-de-actualizacion-articulo-17-a\.md: front matter, campo "updated": must match format "date"/),
    ]);
    expect(problemsAfter("glossary/rfc.md", (t) => t.replace("term: RFC", "term: [RFC"))).toEqual([
      expect.stringMatching(/glossary\/rfc\.md: front matter: YAML no válido/),
    ]);
    expect(problemsAfter("glossary/rfc.md", (t) => t.replace(/^---\n[\s\S]*?\n---\n/, ""))).toEqual([
      expect.stringMatching(/glossary\/rfc\.md: falta el front matter/),
    ]);
  });

  it("refuses Markdown the site would show literally, with its line", () => {
    const problems = problemsAfter("glossary/rfc.md", (t) => `${t}\nUn *énfasis*.\n\n- una lista\n`);
    expect(problems).toEqual([
      expect.stringMatching(/glossary\/rfc\.md: línea \d+: el formato en línea \(emphasis\) no se admite/),
      expect.stringMatching(/glossary\/rfc\.md: línea \d+: un bloque list no se admite/),
    ]);
  });

  it("keeps order.yaml and the files in step, and related terms real", () => {
    const dir = contentCopy();
    writeFileSync(path.join(dir, "glossary", "nuevo-termino.md"), "---\nterm: Nuevo\nsummary: Uno.\nrelated: [no-existe]\n---\n\nTexto.\n");
    expect(problemsOf(dir)).toEqual([expect.stringMatching(/glossary\/nuevo-termino\.md: no aparece en order\.yaml/)]);
    writeFileSync(
      path.join(dir, "glossary", "order.yaml"),
      `${readFileSync(path.join(dir, "glossary", "order.yaml"), "utf8")}- nuevo-termino\n- otro\n`,
    );
    expect(problemsOf(dir)).toEqual([
      expect.stringMatching(/glossary\/order\.yaml: "otro" no tiene archivo/),
      expect.stringMatching(/glossary\/nuevo-termino\.md: front matter, "related" nombra "no-existe", que no está en el glosario/),
    ]);
  });

  it("turns ## headings into sections and wrapped lines into one paragraph", () => {
    const dir = contentCopy();
    const file = path.join(dir, "articles", "inpc-y-factor-de-actualizacion-articulo-17-a.md");
    const matter = readFileSync(file, "utf8").match(/^---\n[\s\S]*?\n---\n/)?.[0] ?? "";
    writeFileSync(file, `${matter}\n## Uno\n\nPrimera línea\nsegunda línea.\n\nOtro párrafo con c\\_Uso.\n\n## Dos\n\nFin.\n`);
    const article = loadContent(dir).articles.find((a) => a.slug === "inpc-y-factor-de-actualizacion-articulo-17-a");
    expect(article?.sections).toEqual([
      { heading: "Uno", paragraphs: ["Primera línea segunda línea.", "Otro párrafo con c_Uso."] },
      { heading: "Dos", paragraphs: ["Fin."] },
    ]);
  });

  it("reads a calculator's body as its page's sections and refuses one without a body", () => {
    const factor = tools.find((t) => t.slug === "factor-de-actualizacion");
    expect(factor?.sections.map((s) => s.heading)).toEqual(["Cómo se calcula"]);
    expect(factor?.sections[0]?.paragraphs[1]).toContain("van de {{inpc-primer-mes}} a {{inpc-ultimo-mes}}.");
    expect(problemsAfter("tools/conversor-uma.md", (t) => t.replace(/\n---\n[\s\S]*$/, "\n---\n"))).toEqual([
      expect.stringMatching(/tools\/conversor-uma\.md: falta el cuerpo/),
    ]);
    expect(problemsAfter("tools/conversor-uma.md", (t) => t.replace("## Cómo se calcula\n\n", ""))).toEqual([
      expect.stringMatching(/tools\/conversor-uma\.md: línea 8: un párrafo antes del primer encabezado/),
      expect.stringMatching(/tools\/conversor-uma\.md: línea 10: un párrafo antes del primer encabezado/),
      expect.stringMatching(/tools\/conversor-uma\.md: falta el cuerpo/),
    ]);
  });

  it("refuses an unknown or unclosed placeholder with its file and line, and placeholders outside the calculators", () => {
    const file = "tools/factor-de-actualizacion.md";
    const wrapped = (t: string) => t.replace("disponibles van de {{inpc-primer-mes}}", "disponibles\nvan de {{inpc-primer-mess}}");
    expect(problemsAfter(file, wrapped)).toEqual([
      expect.stringMatching(/tools\/factor-de-actualizacion\.md: línea 13: marcador desconocido \{\{inpc-primer-mess\}\}; los válidos son/),
    ]);
    expect(problemsAfter(file, (t) => t.replace("{{inpc-ultimo-mes}}", "{{inpc-ultimo-mes}"))).toEqual([
      expect.stringMatching(/tools\/factor-de-actualizacion\.md: línea 12: "\{\{" sin su pareja/),
    ]);
    expect(problemsAfter("glossary/uma.md", (t) => `${t}\nDesde {{inpc-primer-mes}}.\n`)).toEqual([
      expect.stringMatching(/glossary\/uma\.md: línea 15: los marcadores \{\{…\}\} solo se llenan en las calculadoras/),
    ]);
  });

  it("fills placeholders with the values given and leaves other text alone", () => {
    const values = { "inpc-primer-mes": "enero de 2000", "inpc-ultimo-mes": "agosto de 2026" };
    expect(fillPlaceholders("De {{inpc-primer-mes}} a {{inpc-ultimo-mes}}; /uma/{year}.", values)).toBe(
      "De enero de 2000 a agosto de 2026; /uma/{year}.",
    );
  });

  it("ships a suggest catalog that matches the Markdown (npm run content)", () => {
    expect(staleSuggestCatalog({ tools, articles, glossary })).toEqual([]);
    const dir = contentCopy();
    const stale = path.join(dir, "suggest-catalog.json");
    writeFileSync(stale, JSON.stringify({ tools: [], articles: [], glossary: [] }));
    expect(staleSuggestCatalog({ tools, articles, glossary }, stale)).toEqual([expect.stringMatching(/ejecuta npm run content/)]);
  });
});
