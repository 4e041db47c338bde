// Tests for not-found suggestions: accent/case folding, typo tolerance, path queries, limits and determinism.
import { describe, it, expect } from "vitest";
import { articles, glossary, tools } from "../content/index.ts";
import { suggest } from "../lib/search/suggest.ts";

const catalogUrls = new Set([...tools, ...articles, ...glossary].map((e) => e.url));
const urls = (q: string, limit?: number): string[] => suggest(q, limit).map((s) => s.url);

describe("suggest", () => {
  // One typo in words of five letters or more, as in /cfdi/buscar (MiniSearch counts a swap of two letters as two).
  it("finds aguinaldo despite a typo", () => {
    expect(suggest("aguinaldp")[0]?.url).toMatch(/aguinaldo/);
    expect(suggest("aguinldo")[0]?.url).toMatch(/aguinaldo/);
  });

  it("folds case and accents", () => {
    const expected = suggest("aguinaldo");
    expect(expected.length).toBeGreaterThan(0);
    expect(suggest("AGUINALDO")).toEqual(expected);
    expect(suggest("Aguinaldó")).toEqual(expected);
    expect(suggest("  aguinaldo  ")).toEqual(expected);
  });

  it("finds a prefix of a word", () => {
    expect(urls("aguin")).toContain("/herramientas/calculadora-aguinaldo/");
  });

  it("reads a missing glossary path", () => {
    const results = suggest("/glosario/uma/");
    expect(results.map((s) => s.url)).toContain("/glosario/uma/");
    // The section of the path says a glossary page was expected.
    expect(results[0]).toEqual({ type: "glossary", title: "UMA", url: "/glosario/uma/" });
  });

  it("reads a missing path with a typo", () => {
    expect(urls("/glosario/aguinaldp/")).toContain("/glosario/aguinaldo/");
    // Every ISR calculator starts so; the salary one is among the first.
    expect(urls("herramientas/calculadora-isr").slice(0, 3)).toContain("/herramientas/calculadora-isr-salarios/");
  });

  it("ranks pages matching every word first", () => {
    const results = suggest("isr retencion");
    expect(results.slice(0, 2).map((s) => s.url)).toContain("/herramientas/calculadora-isr-salarios/");
    const isrArticles = articles.filter((a) => a.keywords.includes("isr") && a.keywords.includes("retencion"));
    for (const a of isrArticles) expect(results.map((s) => s.url)).toContain(a.url);
  });

  it("finds RESICO", () => {
    expect(urls("resico")).toContain("/glosario/resico/");
    expect(urls("Résico")).toEqual(urls("resico"));
  });

  // As site/assets/not-found.js queries it: the missing path itself.
  it("offers the aguinaldo calculator first for /herramientas/aguinald", () => {
    expect(suggest("/herramientas/aguinald")[0]).toEqual({
      type: "tool",
      title: "Calculadora de aguinaldo",
      url: "/herramientas/calculadora-aguinaldo/",
    });
  });

  it("offers nothing unrelated for /no-existe", () => {
    expect(suggest("/no-existe")).toEqual([]);
  });

  it("returns nothing when nothing matches", () => {
    expect(suggest("xyzzyqqq")).toEqual([]);
    expect(suggest("")).toEqual([]);
    expect(suggest("/glosario/de/la/")).toEqual([]);
    expect(suggest("constructor __proto__")).toEqual([]);
  });

  it("returns at most 10 results by default and respects limit", () => {
    expect(suggest("calculadora isr uma pago salario").length).toBe(10);
    expect(suggest("isr", 3).length).toBe(3);
    expect(suggest("isr", 1)).toEqual(suggest("isr").slice(0, 1));
    expect(suggest("isr", 0)).toEqual([]);
  });

  it("returns unique catalog urls with matching types", () => {
    for (const q of ["isr", "pago", "uma", "salario minimo", "cfdi factura", "aguinaldp"]) {
      const results = suggest(q);
      expect(new Set(results.map((s) => s.url)).size).toBe(results.length);
      for (const s of results) {
        expect(catalogUrls.has(s.url)).toBe(true);
        const prefix = { tool: "/herramientas/", article: "/articulos/", glossary: "/glosario/" }[s.type];
        expect(s.url.startsWith(prefix)).toBe(true);
      }
    }
  });

  it("is deterministic", () => {
    const queries = ["isr", "pago", "uma", "nomina", "calculadora"];
    const first = queries.map((q) => suggest(q));
    for (let i = 0; i < 3; i++) expect(queries.map((q) => suggest(q))).toEqual(first);
  });

  // Its speed is measured by bench/server.ts, not timed here: a loaded machine would fail a wall-clock bound.
  it("copes with long input", () => {
    const long = "aguinaldo ".repeat(1000) + "x".repeat(10_000);
    expect(suggest(long)[0]?.url).toMatch(/aguinaldo/);
  });
});
