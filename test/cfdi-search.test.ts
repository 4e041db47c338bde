// /cfdi/buscar on the built tree: the examples, accents, typos, prefixes, code prefixes, catalogs, bounds and in-force order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../server/app.ts";
import type { Api } from "../lib/http/app.ts";
import { SatSearch, SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { builtDist, builtFiles } from "./http-setup.ts";

interface Result {
  catalog: string;
  code: string;
  description: string;
  inForce: boolean;
  validTo: string | null;
  url: string;
}

let api: Api;
beforeAll(async () => {
  api = createApp(await builtDist(), { FISCAL_RATE_LIMIT: "1000000" }, await builtFiles()).api;
});

async function answer(query: string): Promise<{ status: number; body: unknown }> {
  const r = await api.app.request(`/api/v1/public/cfdi/buscar?${query}`, undefined, { ip: "127.0.0.1" });
  return { status: r.status, body: (await r.json()) as unknown };
}
const keys = async (query: string): Promise<string[]> => ((await answer(query)).body as Result[]).map((r) => r.code);

describe("/cfdi/buscar", () => {
  it("finds the issue's examples", async () => {
    // SAT's own palabras similares first («Computadoras personales o laptop»), then the synonym table's notebook.
    expect((await keys("q=laptop")).slice(0, 2)).toEqual(["43211508", "43211503"]);
    expect((await keys("q=computadora+notebook")).slice(0, 5)).toContain("43211503");
    expect((await keys("q=software+de+contabilidad")).slice(0, 3)).toContain("43231601");
    expect((await keys("q=kilogramo&catalogo=clave-unidad"))[0]).toBe("KGM");
    expect((await keys("q=pieza&catalogo=clave-unidad"))[0]).toBe("H87");
  });

  it("ignores case and accents, tolerates one typo in longer words and completes the last word", async () => {
    expect(await keys("q=COMPUTO")).toEqual(await keys("q=c%C3%B3mputo"));
    expect(await keys("q=computo")).toContain("43211508");
    expect((await keys("q=sofware+de+contabilidad")).slice(0, 3)).toContain("43231601");
    expect(await keys("q=compu")).toContain("43211500");
    expect((await keys("q=kilogrmo&catalogo=clave-unidad"))[0]).toBe("KGM");
  });

  it("for one word, puts the thing before things for it: entries that start with the word come first", async () => {
    // Without the head boost, «leche» began with Servicios de elaboración de la leche and Analizador de leche,
    // and «aceite» with Batea de aceite and Desechos de aceite.
    expect((await keys("q=leche")).slice(0, 4)).toEqual(["50131704", "50151515", "51212035", "10121803"]);
    expect(((await answer("q=aceite")).body as Result[]).slice(0, 5).every((r) => r.description.startsWith("Aceite"))).toBe(true);
    expect((await keys("q=gasolina")).slice(0, 3)).toEqual(expect.arrayContaining(["15101514", "15101515"]));
    // Only as typed or being typed: a near spelling gets no boost («renta» does not lift Menta over Impuesto de renta).
    // «renta» is arrendamiento in the synonym table: an arrendamiento key first, Menta nowhere.
    expect((await keys("q=renta&catalogo=clave-prod-serv"))[0]).toMatch(/^8013150/);
    // Across every catalog the régimen 606 Arrendamiento, whose plain text speaks of rentas, is as good an answer.
    const everywhere = (await keys("q=renta")).slice(0, 3);
    expect(everywhere).toContain("606");
    expect(everywhere.some((k) => /^8013150/.test(k))).toBe(true);
    expect(await keys("q=renta&limit=50")).not.toContain("50404114");
  });

  it("completes a last word of three letters or more, not shorter ones (they would expand to thousands of words)", async () => {
    expect(await keys("q=lit&catalogo=clave-unidad&limit=5")).toContain("LTR");
    expect(await keys("q=li&catalogo=clave-unidad&limit=50")).not.toContain("LTR");
  });

  it("matches a code prefix, within the asked catalog, and says where to look each entry up", async () => {
    const byCode = (await answer("q=432115&limit=3")).body as Result[];
    expect(byCode.map((r) => r.code)).toEqual(["43211500", "43211501", "43211502"]);
    expect(byCode[0]).toEqual({
      catalog: "clave-prod-serv",
      code: "43211500",
      description: "Computadores",
      inForce: true,
      validTo: null,
      url: "/cfdi/clave-prod-serv/43211500",
    });
    const estados = (await answer("q=jalisco&catalogo=estado")).body as Result[];
    expect(estados[0]).toMatchObject({ catalog: "estado", code: "JAL", url: "/cfdi/estado/MEX/JAL" });
    expect(((await answer("q=aguinaldo")).body as Result[]).some((r) => r.catalog === "tipo-percepcion")).toBe(false);
    expect(await keys("q=aguinaldo&catalogo=tipo-percepcion")).toEqual(["002"]);
  });

  it("answers words whose stem is the name of an object's built-in property («constructoras»: constructor)", async () => {
    for (const q of ["constructoras de casas", "servicios constructor", "tostring valueof"])
      expect((await answer(`q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    expect((await keys("q=constructoras+de+casas")).length).toBeGreaterThan(0);
  });

  it("bounds limit and checks q and catalogo", async () => {
    expect(await keys("q=computadora&limit=50")).toHaveLength(50);
    expect(await keys("q=computadora")).toHaveLength(10);
    for (const query of [
      "q=x&limit=51",
      "q=x&limit=0",
      "q=%20",
      "",
      "q=x&catalogo=num-pedimento-aduana",
      "q=x&catalogo=nada",
      `q=${"a".repeat(101)}`,
    ]) {
      expect((await answer(query)).status, query).toBe(400);
    }
  });

  it("puts entries not in force on the as-of date after those in force, and says so", async () => {
    // Deducción 072 (… acciones o títulos valor … Exento) ended on 2018-10-14; 073, its Gravado twin, is in force.
    const found = (await answer("q=acciones+titulos+valor+representan+bienes&catalogo=tipo-deduccion")).body as Result[];
    expect(found.map((r) => [r.code, r.inForce, r.validTo])).toEqual([
      ["073", true, null],
      ["072", false, "2018-10-14"],
    ]);
    const all = (await answer("q=ajuste+exento&catalogo=tipo-deduccion&limit=50")).body as Result[];
    const firstEnded = all.findIndex((r) => !r.inForce);
    expect(firstEnded === -1 || all.slice(firstEnded).every((r) => !r.inForce)).toBe(true);
  });

  it("puts units that c_ClaveUnidad's Nota advises against after the units in use, and still finds them", async () => {
    // 26 Tonelada real and 1J Tonelada milla are marked as deleted from UNECE's list; A25 Caballo de vapor is not recommended by the BIPM.
    const toneladas = await keys("q=tonelada&catalogo=clave-unidad&limit=50");
    expect(toneladas[0]).toBe("TNE");
    // 26 may fall past the first 50 (after every tonelada unit in use); if it is there, it is after 27.
    expect(toneladas).toContain("27");
    expect(toneladas.indexOf("26") === -1 || toneladas.indexOf("26") > toneladas.indexOf("27")).toBe(true);
    expect((await keys("q=caballo&catalogo=clave-unidad"))[0]).toBe("K43");
    // Across every catalog, the deleted unit «Disco (disco)» no longer comes before the products.
    expect((await keys("q=disco"))[0]).not.toBe("DC");
    expect(await keys("q=gorra&catalogo=clave-unidad")).toEqual(["4B"]);
  });

  it("compares the name without its closing gloss: «Tonelada (tonelada métrica)» is named Tonelada, «Onza (avoirdupois)» Onza", async () => {
    expect((await keys("q=onza&catalogo=clave-unidad"))[0]).toBe("ONZ");
    expect((await keys("q=barril&catalogo=clave-unidad")).slice(0, 2)).toEqual(["XBA", "BLL"]);
    expect(await keys("q=kit&catalogo=clave-unidad")).toEqual(["KT", "XKI"]);
  });

  it("bounds the work of hostile queries: each costs a few ms of CPU, not the 80–500 ms they cost before the bounds", async () => {
    const search = new SatSearch(readFileSync(join(await builtDist(), SEARCH_INDEX_PATH.slice(1)), "utf8"));
    const options = { catalog: "clave-prod-serv", family: "cfdi", limit: 10 };
    const hostile = [
      "servicio ".repeat(11).trim(),
      "ab cd ef gh ij kl mn op qr st uv wx yz ba dc fe hg ji lk nm",
      "equipo material servicio sistema producto partes accesorios maquinas aparatos instrumentos com",
      "equipx materxal servixio sistexa productx partxs accesorixs maquinxs",
    ];
    for (const q of hostile) search.search(q, options); // first use decodes postings and JIT-compiles: once per process
    for (const q of hostile) {
      // CPU time, the best of five: a busy machine inflates wall time and single rounds, not the work itself.
      const cpu = [1, 2, 3, 4, 5].map(() => {
        const c = process.cpuUsage();
        search.search(q, options);
        const used = process.cpuUsage(c);
        return (used.user + used.system) / 1000;
      });
      expect(Math.min(...cpu), q).toBeLessThan(20);
    }
  });

  it("reads the index the build wrote, computed for the build's as-of date", async () => {
    const text = readFileSync(join(await builtDist(), SEARCH_INDEX_PATH), "utf8");
    expect(new SatSearch(text).asOf).toBe("2026-11-21");
  });
});
