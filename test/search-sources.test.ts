// The search's sources of words on real catalog rows: SAT's palabras similares before our synonyms, synonyms kept to their family, plain texts and acronyms of the small catalogs, units' Spanish names, class words, and folded compatibility forms.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { searchTables } from "../build/search-sqlite.ts";
import { SatSearch, SEARCH_INDEX_PATH, type SearchDoc } from "../lib/search/sat-search.ts";
import { derivedStem } from "../lib/search/search-query.ts";
import { fold, queryTerms, stem } from "../lib/search/search-terms.ts";
import { builtDist } from "./http-setup.ts";
import { RAW_DIR } from "./helpers/tree.ts";

let search: SatSearch;
beforeAll(async () => {
  search = new SatSearch(readFileSync(join(await builtDist(), SEARCH_INDEX_PATH.slice(1)), "utf8"));
});

const find = (q: string, catalog?: string, limit = 10) =>
  search.search(q, { family: "cfdi", limit, ...(catalog !== undefined && { catalog }) }).map((r) => `${r.catalog}:${r.code}`);
const codes = (q: string, catalog: string, limit = 10): string[] => find(q, catalog, limit).map((k) => k.split(":")[1]!);

describe("synonyms never outrank the literal", () => {
  it("«laptop»: the key whose palabras similares say laptop before the one reached through notebook", () => {
    const top = codes("laptop", "clave-prod-serv");
    // 43211508 Computadores personales, palabras «Computadoras personales o laptop»; 43211503 Computadores notebook.
    expect(top.indexOf("43211508")).toBe(0);
    expect(top.indexOf("43211503")).toBeGreaterThan(0);
  });

  it("«laptop» → portátil is not applied outside the family of the literal: no baños, bares or graderías portátiles", () => {
    const top = codes("laptop", "clave-prod-serv", 50);
    // 95131602 Cuarto de baño portátil, 48102007 Bares portátiles: what the synonym alone brought.
    expect(top).not.toContain("95131602");
    expect(top).not.toContain("48102007");
    expect(
      top.every((c) => c.startsWith("4321")),
      top.join(" "),
    ).toBe(true);
  });

  it("a synonym still applies beside another word of the query found as typed («renta de oficina» → arrendamiento de oficinas)", () => {
    expect(codes("renta de oficina", "clave-prod-serv", 3)).toContain("80131505");
  });
});

describe("every catalog in one search, each hit naming its catalog", () => {
  it.each([
    ["RESICO", "regimen:626"],
    ["nota de crédito", "tipo-comprobante:E"],
    ["nota de crédito", "tipo-relacion:01"],
    ["transferencia", "forma-pago:03"],
    ["gastos médicos", "uso:D01"],
  ])("«%s» → %s in the first 3", (q, key) => {
    expect(find(q, undefined, 3)).toContain(key);
  });

  it("keeps `catalogo` to one catalog", () => {
    expect(find("RESICO", "regimen").every((k) => k.startsWith("regimen:"))).toBe(true);
  });
});

describe("units SAT names in English", () => {
  it("«mes hombre» finds 3C Manmonth first", () => {
    expect(codes("mes hombre", "clave-unidad")[0]).toBe("3C");
  });

  it("«cien libras» finds CWA Hundred pound, «libra troy» LBT Troy pound, first", () => {
    expect(codes("cien libras", "clave-unidad")[0]).toBe("CWA");
    expect(codes("libra troy", "clave-unidad")[0]).toBe("LBT");
  });
});

describe("class words", () => {
  it("a commodity inherits its class's words: «arrendamiento oficinas edificaciones» → 80131505, whose class 80131500 says edificaciones", () => {
    expect(codes("arrendamiento oficinas edificaciones", "clave-prod-serv")[0]).toBe("80131505");
  });
});

describe("folding", () => {
  it("folds full-width forms (NFKC) and drops zero-width characters", () => {
    expect(fold("ｐｉｅｚａ")).toBe("pieza");
    expect(queryTerms("compu\u200btadora lap\u2060top")).toEqual(["computadora", "laptop"]);
    expect(codes("ｐｉｅｚａ", "clave-unidad", 1)).toEqual(["H87"]);
    expect(codes("compu\u200btadora", "clave-prod-serv")).toEqual(codes("computadora", "clave-prod-serv"));
    expect(SatSearch.key("ＲＥＳＩＣＯ")).toBe("resico");
  });
});

describe("a fiscal-sense prior for a word asked alone (lib/search/search-senses.json)", () => {
  it("«contador», any number or gender: Servicios contables first, the counting devices still after", () => {
    for (const q of ["contador", "contadores", "contadora"]) {
      const top = codes(q, "clave-prod-serv");
      expect(top[0], q).toBe("84111500");
      // 41111901 Contadores, the literal sense.
      expect(top, q).toContain("41111901");
    }
  });

  it("«monitor»: a computer monitor (class 43211900) first, not audio, video or medical monitors", () => {
    expect(codes("monitor", "clave-prod-serv")[0]!.slice(0, 6)).toBe("432119");
    // Without catalogo too: the prior is the product catalog's.
    expect(find("monitor")[0]!.startsWith("clave-prod-serv:432119")).toBe(true);
  });

  it("«nómina» and SAT's «recibo de nómina»: 84111505, the payroll CFDI's key by SAT's guide, before the payroll tax; its unit ACT", () => {
    for (const q of ["nómina", "nominas", "recibo de nomina"]) expect(codes(q, "clave-prod-serv")[0], q).toBe("84111505");
    // 93161604 Impuesto sobre nóminas, the literal sense, follows.
    expect(codes("nomina", "clave-prod-serv")).toContain("93161604");
    expect(codes("unidad nómina", "clave-unidad")[0]).toBe("ACT");
  });

  it("without catalogo, the small catalogs' entries named by the query come before the product's sense", () => {
    expect(find("nómina", undefined, 3)).toEqual(["tipo-comprobante:N", "uso:CN01", "clave-prod-serv:84111505"]);
  });

  it("with more words the words decide: «contador de billetes» is no accounting service", () => {
    expect(codes("contador de billetes", "clave-prod-serv", 3).some((c) => c.startsWith("8411"))).toBe(false);
  });
});

describe("a trade and the one who does it (-ero, -era ↔ -ería), as the same word's lexeme", () => {
  it("relates the agent and the trade both ways (folded words), any number or gender; short words are left alone", () => {
    expect(derivedStem("plomero")).toBe(stem("plomeria"));
    expect(derivedStem("enfermeras")).toBe(stem("enfermeria"));
    expect(derivedStem("cerrajerias")).toBe(stem("cerrajero"));
    expect(derivedStem("pera")).toBeUndefined();
    expect(derivedStem("laptop")).toBeUndefined();
  });

  it("«cerrajero» → 72101505 Servicios de cerrajería first; «plomero» finds 72101510, the plumbing system's repair", () => {
    expect(codes("cerrajero", "clave-prod-serv")[0]).toBe("72101505");
    expect(codes("plomero", "clave-prod-serv")).toContain("72101510");
  });

  it("the word as typed first: «enfermera» → Uniformes de enfermera, then Servicios de enfermería in the first 10, also beside another word", () => {
    const top = codes("enfermera", "clave-prod-serv");
    expect(top[0]).toBe("53102708");
    expect(top).toContain("85101601");
    expect(codes("enfermera a domicilio", "clave-prod-serv")).toContain("85101601");
  });

  it("the offline file writes the relative too: Servicios de enfermería's synonyms have enfermera's stem, in any family", () => {
    // The two rows as SAT's c_ClaveProdServ.csv has them (code, description; neither has palabras similares).
    const csv = readFileSync(join(RAW_DIR, "sat/catCFDI/c_ClaveProdServ.csv"), "utf8").split("\n");
    const docs = ["85101601", "53102708"].map((code, id): SearchDoc => {
      const description = csv.find((l) => l.startsWith(`${code},`))!.split(",")[1]!;
      const base = { id, catalog: "clave-prod-serv", family: "cfdi", key: code, code, description, palabras: "", plain: "" };
      return { ...base, context: "", validTo: null, inForce: true, discouraged: false };
    });
    const [services, uniforms] = searchTables(docs).rows;
    expect(services!.description).toBe("Servicios de enfermería");
    expect(services!.synonyms.split(" ")).toContain(stem("enfermera"));
    expect(uniforms!.synonyms.split(" ")).toContain(stem("enfermeria"));
  });
});

describe("a typo in a word with a relative by derivation", () => {
  it("is forgiven as in any other word: «paeplería» → papelería, «canicería» → Servicios de carnicería, «unidad paeplería» → Pieza", () => {
    expect(codes("paeplería", "clave-prod-serv", 1)).toEqual(["14111828"]);
    expect(codes("canicería", "clave-prod-serv", 1)).toEqual(["73131607"]);
    expect(codes("unidad paeplería", "clave-unidad", 1)).toEqual(["H87"]);
  });

  it("a spelling the catalogs write only as its trade is found through it: «crerajero» → cerrajero → Servicios de cerrajería", () => {
    expect(codes("crerajero", "clave-prod-serv", 1)).toEqual(["72101505"]);
  });
});

describe("a query whose first word names a service in the catalog's descriptions", () => {
  it("«desarrollo de software»: a development service (class 81111500) before Software de entorno de desarrollo", () => {
    const top = codes("desarrollo de software", "clave-prod-serv");
    const service = top.findIndex((c) => c.startsWith("811115"));
    expect(service).toBeGreaterThanOrEqual(0);
    expect(service).toBeLessThan(top.indexOf("43232402"));
    // The same with the typo the set has.
    expect(codes("desarollo de software", "clave-prod-serv").some((c) => c.startsWith("811115"))).toBe(true);
  });

  it("«instalación cámaras de seguridad»: the CCTV installation service 72151702 before the cameras 46171610", () => {
    const top = codes("instalación cámaras de seguridad", "clave-prod-serv");
    expect(top.indexOf("72151702")).toBeGreaterThanOrEqual(0);
    expect(top.indexOf("72151702")).toBeLessThan(top.indexOf("46171610"));
  });

  it("goods stay first when the first word names goods: «cámaras de seguridad» → 46171610", () => {
    expect(codes("cámaras de seguridad", "clave-prod-serv")[0]).toBe("46171610");
  });
});

describe("UNSPSC's services are segments 70 to 94", () => {
  it("segment 95 (land, buildings, structures) is things: «unidad cafetería», whose product is 95121503 Cafetería, gives H87 Pieza first", () => {
    expect(codes("unidad cafetería", "clave-unidad", 2)).toEqual(["H87", "E48"]);
    // A service still gives Unidad de servicio: 72101505 Servicios de cerrajería.
    expect(codes("unidad cerrajería", "clave-unidad", 1)).toEqual(["E48"]);
  });
});

describe("a service named by what it serves («Servicios de X»)", () => {
  it("«lavandería»: 91111502 Servicios de lavandería among the first 3, before the laundry furniture and products", () => {
    const top = codes("lavandería", "clave-prod-serv");
    expect(top.indexOf("91111502")).toBeGreaterThanOrEqual(0);
    expect(top.indexOf("91111502")).toBeLessThan(3);
    // 47131811 Productos de lavandería names lavandería only as what the products are for.
    expect(top.indexOf("91111502")).toBeLessThan(top.indexOf("47131811"));
  });
});

describe("a unit's SAT Símbolo is another of its names", () => {
  it("«kg», «ml», «m2» (m²), «cm»: the unit, before the units whose code starts with the word", () => {
    expect(codes("kg", "clave-unidad", 1)).toEqual(["KGM"]);
    // MLD Mil millones's code starts with ml; MLT Mililitro's symbol is ml (Ml, Megalitro's, folds alike and is not lower case).
    expect(codes("ml", "clave-unidad", 2)).toEqual(["MLT", "MLD"]);
    expect(codes("m2", "clave-unidad", 1)).toEqual(["MTK"]);
    expect(codes("m3", "clave-unidad", 1)).toEqual(["MTQ"]);
    expect(codes("cm", "clave-unidad", 1)).toEqual(["CMT"]);
  });

  it("a code typed whole still comes first, and a synonym-table word is no unit's symbol («pc» is not C63 Pársec)", () => {
    expect(codes("H87", "clave-unidad", 1)).toEqual(["H87"]);
    expect(codes("pc", "clave-unidad", 10)).not.toContain("C63");
  });
});

describe("a folded plural in -ciones stems as its singular", () => {
  it("«instalaciones» and «instalación» are one stem, not the plural the verb's root", () => {
    expect(stem("instalaciones")).toBe(stem("instalacion"));
    expect(stem("reparaciones")).toBe("reparacion");
    expect(stem("reparar")).not.toBe(stem("reparacion"));
  });
});

describe("a folded plural stems as its singular", () => {
  it("plurals the stemmer read as verbs or kept whole meet their singular: kilogramos, días, with the short words left alone", () => {
    expect(stem("kilogramos")).toBe(stem("kilogramo"));
    expect(stem("dias")).toBe(stem("dia"));
    expect(stem("casas")).toBe(stem("casa"));
    expect(stem("gas")).toBe("gas");
  });

  it("-es after a consonant a singular ends in, -s after a, e or o; -eses as the singular in -és; país, autobús left alone", () => {
    for (const [plural, singular] of [
      ["unidades", "unidad"],
      ["celulares", "celular"],
      ["mujeres", "mujer"],
      ["imagenes", "imagen"],
      ["leyes", "ley"],
      ["aves", "ave"],
      ["cables", "cable"],
      ["combustibles", "combustible"],
      ["piramides", "piramide"],
      ["intereses", "interes"],
      ["ingleses", "ingles"],
      ["meses", "mes"],
      ["paises", "pais"],
      ["autobuses", "autobus"],
    ])
      expect(stem(plural!), plural).toBe(stem(singular!));
  });

  it("in the catalogs, fewer than 60 of their 3,360 singular and plural word pairs stem apart (137 before), the rest foreign words in -is and -us", () => {
    const words = new Set<string>();
    const dir = join(RAW_DIR, "sat/catCFDI");
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".csv")))
      for (const w of queryTerms(readFileSync(join(dir, file), "utf8"))) if (!/\d/.test(w)) words.add(w);
    const apart: string[] = [];
    for (const w of words)
      for (const plural of /[aeiou]$/.test(w) ? [`${w}s`] : [`${w}es`])
        if (words.has(plural) && stem(w) !== stem(plural)) apart.push(`${w}/${plural}`);
    expect(apart.length, apart.join(" ")).toBeLessThan(60);
    expect(apart).not.toContain("unidad/unidades");
    expect(apart).not.toContain("celular/celulares");
  });

  it("«kilogramos» → KGM Kilogramo and «dias» → DAY Día first in c_ClaveUnidad, not only the units whose names write the plural", () => {
    expect(codes("kilogramos", "clave-unidad", 1)).toEqual(["KGM"]);
    expect(codes("dias", "clave-unidad", 1)).toEqual(["DAY"]);
    // Named whole through kilo's synonym, Kilogramo comes before Kilo bruto, which only starts with the word.
    expect(codes("kilos", "clave-unidad", 2)).toEqual(["KGM", "E4"]);
  });
});

describe("a one-word query that finds nothing, by its longest written beginning", () => {
  it("«fisioterapeuta», which no entry writes, finds 85122101 Servicios de fisioterapia through fisioterap…", () => {
    expect(codes("fisioterapeuta", "clave-prod-serv", 1)).toEqual(["85122101"]);
  });

  it("a beginning short of most of the word is no answer: «mercadologo» does not become Mercado", () => {
    expect(codes("mercadologo", "clave-prod-serv")).toEqual([]);
    expect(codes(`fisioterap${"e".repeat(300)}`, "clave-prod-serv")).toEqual([]);
  });
});

describe("a phrase's synonym that keeps one of its words", () => {
  it("«página web» → sitio web applies where the entry has web: 81112103 Servicios de diseño de sitios web www first", () => {
    expect(codes("página web", "clave-prod-serv", 1)).toEqual(["81112103"]);
    // The literal software key stays in the first 3.
    expect(codes("página web", "clave-prod-serv", 3)).toContain("43232107");
  });
});
