// The site content: the Markdown loader's checks on bad files, then counts, slugs, urls, cross-references and CFDI plain texts.
import { describe, it, expect, afterAll } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { articles, glossary, tools } from "../content/index.ts";
import { ContentError } from "../content/collection.ts";
import { loadContent } from "../content/load.ts";
import { fillPlaceholders } from "../content/placeholders.ts";
import { staleSuggestCatalog } from "../build/suggest-catalog.ts";
import { cfdiPlain } from "../content/cfdi-plain.ts";

const CONTENT_DIR = fileURLToPath(new URL("../content/", import.meta.url));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HTML_TAG = /<\/?[a-z][^>]*>/i;
const CATALOG_DIR = fileURLToPath(new URL("../raw/sat/catCFDI/", import.meta.url));

const CSV_BY_CATALOG = {
  uso: "c_UsoCFDI.csv",
  "forma-pago": "c_FormaPago.csv",
  "metodo-pago": "c_MetodoPago.csv",
  regimen: "c_RegimenFiscal.csv",
  "tipo-comprobante": "c_TipoDeComprobante.csv",
} as const;

/** Codes of the first column of a SAT catalog CSV (codes never contain commas or quotes). */
function catalogCodes(file: string): string[] {
  const text = readFileSync(path.join(CATALOG_DIR, file), "utf8").replace(/^\uFEFF/, "");
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => line.slice(0, line.indexOf(",") === -1 ? line.length : line.indexOf(",")).trim());
}

const REQUIRED_GLOSSARY = [
  "rfc",
  "curp",
  "cfdi",
  "uma",
  "inpc",
  "isr",
  "iva",
  "ieps",
  "ptu",
  "sbc",
  "sdi",
  "resico",
  "sat",
  "imss",
  "infonavit",
  "fix",
  "aguinaldo",
  "prima-vacacional",
  "salario-minimo",
  "subsidio-para-el-empleo",
  "retencion",
  "tarifa-isr",
  "cuota-fija",
  "tasa-marginal",
  "limite-inferior",
  "homoclave",
  "digito-verificador",
  "persona-fisica",
  "persona-moral",
  "regimen-fiscal",
  "uso-del-cfdi",
  "forma-de-pago",
  "metodo-de-pago",
  "pue",
  "ppd",
  "complemento-de-pago",
  "clave-de-producto-o-servicio",
  "clave-de-unidad",
  "e-firma",
  "csd",
  "contrasena",
  "buzon-tributario",
  "opinion-de-cumplimiento",
  "declaracion-anual",
  "pago-provisional",
  "factor-de-actualizacion",
  "recargos",
  "contabilidad-electronica",
  "balanza-de-comprobacion",
  "udi",
  "prima-de-riesgo-de-trabajo",
  "cuotas-obrero-patronales",
  "rcv",
  "sua",
  "idse",
  "finiquito",
  "liquidacion",
  "declaracion-informativa",
  "deducciones-personales",
];

function expectUniqueKebab(slugs: string[]): void {
  expect(new Set(slugs).size).toBe(slugs.length);
  for (const slug of slugs) expect(slug, slug).toMatch(KEBAB);
}

function expectText(value: string, label: string): void {
  expect(value.trim(), label).not.toBe("");
  expect(value, label).not.toMatch(HTML_TAG);
  expect(value, label).toBe(value.trim());
}

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

describe("tools", () => {
  it("has at least 8 calculators with unique kebab-case slugs and matching urls", () => {
    expect(tools.length).toBeGreaterThanOrEqual(8);
    expectUniqueKebab(tools.map((t) => t.slug));
    for (const t of tools) expect(t.url).toBe(`/herramientas/${t.slug}/`);
  });

  it("has non-empty texts, API paths and lower-case keywords", () => {
    for (const t of tools) {
      expectText(t.title, `${t.slug} title`);
      expectText(t.summary, `${t.slug} summary`);
      expect(t.uses.length, t.slug).toBeGreaterThan(0);
      for (const use of t.uses) expect(use, t.slug).toMatch(/^\/[a-z0-9/{}-]+$/);
      expect(t.keywords.length, t.slug).toBeGreaterThan(0);
      for (const k of t.keywords) {
        expectText(k, `${t.slug} keyword`);
        expect(k).toBe(k.toLowerCase());
      }
    }
  });

  it("covers the calculators that the site builds", () => {
    const uses = new Set(tools.flatMap((t) => t.uses));
    for (const p of [
      "/tarifa/isr/{year}/{period}",
      "/uma/{year}",
      "/fx/history",
      "/inpc/{period}",
      "/rfc/validar/{rfc}",
      "/cfdi/uso/{code}",
    ]) {
      expect(uses.has(p), p).toBe(true);
    }
  });
});

describe("articles", () => {
  const glossarySlugs = new Set(glossary.map((g) => g.slug));

  it("has at least 12 guides with unique kebab-case slugs and matching urls", () => {
    expect(articles.length).toBeGreaterThanOrEqual(12);
    expectUniqueKebab(articles.map((a) => a.slug));
    for (const a of articles) expect(a.url).toBe(`/articulos/${a.slug}/`);
  });

  it("has well-formed bodies of plain text", () => {
    for (const a of articles) {
      expectText(a.title, `${a.slug} title`);
      expectText(a.summary, `${a.slug} summary`);
      expect(a.updated, a.slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.keywords.length, a.slug).toBeGreaterThan(0);
      for (const k of a.keywords) expect(k, a.slug).toBe(k.toLowerCase());
      expect(a.sections.length, a.slug).toBeGreaterThanOrEqual(3);
      expect(a.sections.length, a.slug).toBeLessThanOrEqual(6);
      for (const s of a.sections) {
        expectText(s.heading, `${a.slug} heading`);
        expect(s.paragraphs.length, `${a.slug} / ${s.heading}`).toBeGreaterThanOrEqual(1);
        expect(s.paragraphs.length, `${a.slug} / ${s.heading}`).toBeLessThanOrEqual(3);
        for (const p of s.paragraphs) expectText(p, `${a.slug} / ${s.heading}`);
      }
    }
  });

  it("relates only to existing glossary terms", () => {
    for (const a of articles) {
      for (const r of a.related) expect(glossarySlugs.has(r), `${a.slug} -> ${r}`).toBe(true);
    }
  });
});

describe("glossary", () => {
  const slugs = new Set(glossary.map((g) => g.slug));

  it("has at least 50 terms with unique kebab-case slugs and matching urls", () => {
    expect(glossary.length).toBeGreaterThanOrEqual(50);
    expectUniqueKebab(glossary.map((g) => g.slug));
    for (const g of glossary) expect(g.url).toBe(`/glosario/${g.slug}/`);
  });

  it("includes the required terms", () => {
    for (const slug of REQUIRED_GLOSSARY) expect(slugs.has(slug), slug).toBe(true);
  });

  it("has non-empty texts and 1 to 3 definition paragraphs", () => {
    for (const g of glossary) {
      expectText(g.term, `${g.slug} term`);
      expectText(g.summary, `${g.slug} summary`);
      if (g.expansion !== null) expectText(g.expansion, `${g.slug} expansion`);
      if (g.reference !== null) expectText(g.reference, `${g.slug} reference`);
      expect(g.definition.length, g.slug).toBeGreaterThanOrEqual(1);
      expect(g.definition.length, g.slug).toBeLessThanOrEqual(3);
      for (const p of g.definition) expectText(p, g.slug);
    }
  });

  it("relates only to existing terms, never to itself", () => {
    for (const g of glossary) {
      expect(new Set(g.related).size, g.slug).toBe(g.related.length);
      for (const r of g.related) {
        expect(slugs.has(r), `${g.slug} -> ${r}`).toBe(true);
        expect(r, g.slug).not.toBe(g.slug);
      }
    }
  });
});

describe("cfdiPlain", () => {
  for (const [catalog, file] of Object.entries(CSV_BY_CATALOG) as [keyof typeof CSV_BY_CATALOG, string][]) {
    it(`explains exactly the codes of ${file}`, () => {
      const codes = catalogCodes(file);
      expect(codes.length).toBeGreaterThan(0);
      const plain = cfdiPlain[catalog];
      for (const code of codes) {
        expect(plain[code], `${catalog} ${code}`).toBeTypeOf("string");
        expectText(plain[code] ?? "", `${catalog} ${code}`);
      }
      expect(Object.keys(plain).sort()).toEqual([...codes].sort());
    });
  }

  it("has no other catalogs", () => {
    expect(Object.keys(cfdiPlain).sort()).toEqual(Object.keys(CSV_BY_CATALOG).sort());
  });
});
