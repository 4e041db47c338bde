// The site content: counts, slugs, urls, cross-references and CFDI plain texts (the loader's checks on bad files: test/content-loader.test.ts).
import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { articles, glossary, tools } from "../content/index.ts";
import { cfdiPlain } from "../content/cfdi-plain.ts";

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
