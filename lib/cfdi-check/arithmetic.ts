// An invoice's own arithmetic, exact: concept amounts within Anexo 20's bounds, the Impuestos summary as the sum of the concepts', SubTotal, Descuento and Total.
import { add, cmp, type Dec, parseDec, productBounds, round, sub, sum, text, ZERO } from "./decimal.ts";
import type { Finding } from "./findings.ts";
import type { Attrs, CfdiDocument, ConceptoNode, TaxNode } from "./xml.ts";

const WITH_AMOUNTS = new Set(["I", "E", "N"]);
const WITHOUT_AMOUNTS = new Set(["T", "P"]);

function check(out: Finding[], rule: string, field: string, passed: boolean, ok: string, bad: string, satCode: string | null): void {
  out.push({ rule, passed, field, message: passed ? ok : bad, catalog: null, column: null, satCode });
}

/** A required amount: its decimal, or a failed finding (and null) when it is absent or not a t_Importe. */
function amount(out: Finding[], attrs: Attrs, name: string, field: string, satCode: string | null): Dec | null {
  const value = parseDec(attrs[name]);
  if (value === null) {
    const given = attrs[name];
    check(
      out,
      "importe-formato",
      field,
      false,
      "",
      given === undefined ? `Falta ${name}.` : `${name} «${given}» no es un importe (dígitos, y hasta 6 decimales).`,
      satCode,
    );
  }
  return value;
}

/** At most the currency's decimals (the matrix's "debe tener hasta la cantidad de decimales que soporte la moneda"). */
function decimals(out: Finding[], value: Dec, field: string, allowed: number, satCode: string | null): void {
  const ok = value.d <= allowed;
  check(
    out,
    "importe-decimales",
    field,
    ok,
    `${text(value)} usa a lo más ${allowed} decimales.`,
    `${text(value)} tiene ${value.d} decimales y la moneda admite ${allowed}.`,
    satCode,
  );
}

const TAX_CODES = {
  traslado: { node: "Traslado", base: "CFDI40174", importe: "CFDI40180" },
  retencion: { node: "Retencion", base: "CFDI40181", importe: "CFDI40186" },
} as const;

function taxLineFindings(out: Finding[], tax: TaxNode, at: string, currency: number): void {
  const codes = TAX_CODES[tax.tipo];
  const base = amount(out, tax.attrs, "Base", `${at}/Base`, null);
  if (base === null) return;
  check(
    out,
    "base-positiva",
    `${at}/Base`,
    base.n > 0n,
    `La Base ${text(base)} es mayor que cero.`,
    "La Base de un impuesto debe ser mayor que cero.",
    codes.base,
  );
  const rate = parseDec(tax.attrs["TasaOCuota"]);
  const importe = parseDec(tax.attrs["Importe"]);
  if (rate === null || importe === null) return;
  const { lower, upper } = productBounds(base, rate, currency, true);
  const ok = cmp(lower, importe) <= 0 && cmp(importe, upper) <= 0;
  check(
    out,
    "impuesto-importe-limites",
    `${at}/Importe`,
    ok,
    `El Importe ${text(importe)} está entre ${text(lower)} y ${text(upper)} (Base × TasaOCuota).`,
    `El Importe ${text(importe)} está fuera de los límites de Base × TasaOCuota: de ${text(lower)} a ${text(upper)}.`,
    codes.importe,
  );
}

/** A part's ValorUnitario and Importe, when given (matrix rows 97 and 98). */
function parteFindings(out: Finding[], parte: Attrs, at: string, currency: number): void {
  const cantidad = parseDec(parte["Cantidad"]);
  const valor = parseDec(parte["ValorUnitario"]);
  const importe = parseDec(parte["Importe"]);
  if (valor !== null)
    check(
      out,
      "parte-valor-unitario-positivo",
      `${at}/ValorUnitario`,
      valor.n > 0n,
      `El ValorUnitario ${text(valor)} es mayor que cero.`,
      "El ValorUnitario de una parte debe ser mayor que cero.",
      "CFDI40197",
    );
  if (cantidad === null || valor === null || importe === null) return;
  const { lower, upper } = productBounds(cantidad, valor, currency);
  const ok = cmp(lower, importe) <= 0 && cmp(importe, upper) <= 0;
  check(
    out,
    "parte-importe-limites",
    `${at}/Importe`,
    ok,
    `El Importe ${text(importe)} está entre ${text(lower)} y ${text(upper)}.`,
    `El Importe ${text(importe)} de la parte está fuera de los límites de Cantidad × ValorUnitario: de ${text(lower)} a ${text(upper)}.`,
    "CFDI40198",
  );
}

function conceptFindings(out: Finding[], c: ConceptoNode, at: string, tipo: string, currency: number): { importe: Dec; descuento: Dec } {
  const cantidad = amount(out, c.attrs, "Cantidad", `${at}/Cantidad`, null);
  const valor = amount(out, c.attrs, "ValorUnitario", `${at}/ValorUnitario`, null);
  const importe = amount(out, c.attrs, "Importe", `${at}/Importe`, "CFDI40167");
  const descuento = c.attrs["Descuento"] === undefined ? ZERO : amount(out, c.attrs, "Descuento", `${at}/Descuento`, null);
  if (valor !== null && WITH_AMOUNTS.has(tipo)) {
    check(
      out,
      "valor-unitario-positivo",
      `${at}/ValorUnitario`,
      valor.n > 0n,
      `El ValorUnitario ${text(valor)} es mayor que cero.`,
      `Con TipoDeComprobante ${tipo} el ValorUnitario debe ser mayor que cero.`,
      "CFDI40166",
    );
  }
  if (cantidad !== null && valor !== null && importe !== null) {
    const { lower, upper } = productBounds(cantidad, valor, currency);
    const ok = cmp(lower, importe) <= 0 && cmp(importe, upper) <= 0;
    check(
      out,
      "concepto-importe-limites",
      `${at}/Importe`,
      ok,
      `El Importe ${text(importe)} está entre ${text(lower)} y ${text(upper)} (Cantidad × ValorUnitario).`,
      `El Importe ${text(importe)} está fuera de los límites de Cantidad × ValorUnitario: de ${text(lower)} a ${text(upper)}.`,
      "CFDI40167",
    );
  }
  if (descuento !== null && importe !== null && c.attrs["Descuento"] !== undefined) {
    check(
      out,
      "descuento-decimales",
      `${at}/Descuento`,
      descuento.d <= importe.d,
      `El Descuento usa a lo más los decimales del Importe.`,
      `El Descuento ${text(descuento)} tiene más decimales que el Importe ${text(importe)}.`,
      "CFDI40168",
    );
    check(
      out,
      "descuento-importe",
      `${at}/Descuento`,
      cmp(descuento, importe) <= 0,
      `El Descuento no excede el Importe.`,
      `El Descuento ${text(descuento)} es mayor que el Importe ${text(importe)}.`,
      "CFDI40169",
    );
    if (WITHOUT_AMOUNTS.has(tipo))
      check(
        out,
        "descuento-tipo",
        `${at}/Descuento`,
        false,
        "",
        `Con TipoDeComprobante ${tipo} los conceptos no llevan Descuento.`,
        "CFDI40111",
      );
  }
  for (const [i, parte] of c.partes.entries()) parteFindings(out, parte, `${at}/Parte[${i + 1}]`, currency);
  for (const [i, t] of c.taxes.entries()) taxLineFindings(out, t, `${at}/Impuestos/${TAX_CODES[t.tipo].node}[${i + 1}]`, currency);
  return { importe: importe ?? ZERO, descuento: descuento ?? ZERO };
}

/** A concept tax line's group in the summary: Retenciones by Impuesto; Traslados by Impuesto, TipoFactor and TasaOCuota (as values). */
function groupKey(t: TaxNode): string {
  const impuesto = t.attrs["Impuesto"] ?? "";
  if (t.tipo === "retencion") return `retencion|${impuesto}`;
  const rate = parseDec(t.attrs["TasaOCuota"]);
  return `traslado|${impuesto}|${t.attrs["TipoFactor"] ?? ""}|${rate === null ? (t.attrs["TasaOCuota"] ?? "") : text(round(rate, 6))}`;
}

const groupWords = (key: string): string => {
  const [tipo, impuesto, factor, rate] = key.split("|");
  return tipo === "retencion" ? `retenciones de ${impuesto}` : `traslados de ${impuesto} ${factor}${rate ? ` ${rate}` : ""}`;
};

interface Group {
  base: Dec;
  importe: Dec;
}

function conceptGroups(doc: CfdiDocument): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const c of doc.conceptos) {
    for (const t of c.taxes) {
      const key = groupKey(t);
      const g = groups.get(key) ?? { base: ZERO, importe: ZERO };
      groups.set(key, {
        base: add(g.base, parseDec(t.attrs["Base"]) ?? ZERO),
        importe: add(g.importe, parseDec(t.attrs["Importe"]) ?? ZERO),
      });
    }
  }
  return groups;
}

function summaryLine(
  out: Finding[],
  t: TaxNode,
  at: string,
  groups: ReadonlyMap<string, Group>,
  currency: number,
  seen: Set<string>,
): void {
  const key = groupKey(t);
  const retencion = t.tipo === "retencion";
  check(
    out,
    "resumen-unico",
    `${at}/Impuesto`,
    !seen.has(key),
    "Una sola línea por grupo de impuesto.",
    `Hay más de una línea de ${groupWords(key)} en el resumen de Impuestos.`,
    retencion ? "CFDI40208" : "CFDI40218",
  );
  seen.add(key);
  const group = groups.get(key);
  const importe = parseDec(t.attrs["Importe"]);
  if (importe !== null) decimals(out, importe, `${at}/Importe`, currency, retencion ? "CFDI40210" : "CFDI40220");
  if (!retencion) {
    const base = parseDec(t.attrs["Base"]);
    if (base === null)
      check(
        out,
        "resumen-traslado-campos",
        `${at}/Base`,
        false,
        "",
        "Cada Traslado del resumen lleva Base, Impuesto y TipoFactor.",
        "CFDI40213",
      );
    else {
      decimals(out, base, `${at}/Base`, currency, "CFDI40214");
      const expected = round(group?.base ?? ZERO, currency);
      const exentoOnly = t.attrs["TipoFactor"] === "Exento";
      check(
        out,
        "resumen-base-suma",
        `${at}/Base`,
        cmp(base, expected) === 0,
        `La Base ${text(base)} es el redondeo de la suma de las bases de los conceptos.`,
        `La Base ${text(base)} debería ser ${text(expected)}, el redondeo de la suma de las bases de ${groupWords(key)} de los conceptos.`,
        exentoOnly ? "CFDI40216" : "CFDI40215",
      );
    }
  }
  if (importe !== null) {
    const expected = round(group?.importe ?? ZERO, currency);
    check(
      out,
      "resumen-importe-suma",
      `${at}/Importe`,
      cmp(importe, expected) === 0,
      `El Importe ${text(importe)} es el redondeo de la suma de los conceptos.`,
      `El Importe ${text(importe)} debería ser ${text(expected)}, el redondeo de la suma de los importes de ${groupWords(key)} de los conceptos.`,
      retencion ? "CFDI40211" : "CFDI40221",
    );
  }
}

/** The summary node against the concepts: each group once, each line the rounded sum of its group, the totals the sum of the lines. */
function summaryFindings(out: Finding[], doc: CfdiDocument, tipo: string, currency: number): { trasladados: Dec; retenidos: Dec } {
  const groups = conceptGroups(doc);
  const node = doc.impuestos;
  if (WITHOUT_AMOUNTS.has(tipo)) {
    check(
      out,
      "impuestos-tipo",
      "Impuestos",
      node === null,
      `Con TipoDeComprobante ${tipo} no hay nodo Impuestos, como se requiere.`,
      `Con TipoDeComprobante ${tipo} el nodo Impuestos no debe existir.`,
      "CFDI40201",
    );
  }
  const seen = new Set<string>();
  const lines = node?.taxes ?? [];
  for (const [i, t] of lines.entries()) summaryLine(out, t, `Impuestos/${TAX_CODES[t.tipo].node}[${i + 1}]`, groups, currency, seen);
  for (const key of groups.keys()) {
    if (seen.has(key)) continue;
    const retencion = key.startsWith("retencion");
    const exento = key.includes("|Exento|");
    // An exempt traslado has no Importe: its summary line carries the Base only, and is still required.
    check(
      out,
      "resumen-grupo-presente",
      "Impuestos",
      false,
      "",
      `Los conceptos llevan ${groupWords(key)} y el resumen de Impuestos no tiene su línea.`,
      retencion ? "CFDI40211" : exento ? "CFDI40216" : "CFDI40221",
    );
  }
  const total = (tipoLinea: TaxNode["tipo"]): Dec =>
    sum(lines.filter((t) => t.tipo === tipoLinea).map((t) => parseDec(t.attrs["Importe"]) ?? ZERO));
  const trasladados = totalFinding(
    out,
    node?.attrs,
    "TotalImpuestosTrasladados",
    total("traslado"),
    lines.some((t) => t.tipo === "traslado" && t.attrs["Importe"] !== undefined),
    currency,
    { decimals: "CFDI40204", sum: "CFDI40205", required: "CFDI40212" },
  );
  const retenidos = totalFinding(
    out,
    node?.attrs,
    "TotalImpuestosRetenidos",
    total("retencion"),
    lines.some((t) => t.tipo === "retencion"),
    currency,
    { decimals: "CFDI40202", sum: "CFDI40203", required: "CFDI40206" },
  );
  return { trasladados, retenidos };
}

function totalFinding(
  out: Finding[],
  attrs: Attrs | undefined,
  name: string,
  expected: Dec,
  required: boolean,
  currency: number,
  codes: { decimals: string; sum: string; required: string },
): Dec {
  const field = `Impuestos/${name}`;
  const given = parseDec(attrs?.[name]);
  if (given === null) {
    if (required)
      check(
        out,
        "total-impuestos-requerido",
        field,
        false,
        "",
        `Con líneas de impuesto en el resumen debe existir ${name}.`,
        codes.required,
      );
    return ZERO;
  }
  decimals(out, given, field, currency, codes.decimals);
  check(
    out,
    "total-impuestos-suma",
    field,
    cmp(given, expected) === 0,
    `${name} ${text(given)} es la suma de las líneas del resumen.`,
    `${name} ${text(given)} debería ser ${text(expected)}, la suma de los importes de las líneas del resumen.`,
    codes.sum,
  );
  return given;
}

/** Every arithmetic finding of the invoice, the currency's decimals given (null when the currency is unknown: then 6). */
export function arithmeticFindings(doc: CfdiDocument, currencyDecimals: number | null): Finding[] {
  const out: Finding[] = [];
  const currency = currencyDecimals ?? 6;
  const tipo = doc.comprobante["TipoDeComprobante"] ?? "";
  const lines = doc.conceptos.map((c, i) => conceptFindings(out, c, `Concepto[${i + 1}]`, tipo, currency));
  doc.conceptos.forEach((c, i) => {
    if (c.impuestos && c.taxes.length === 0)
      check(
        out,
        "concepto-impuestos-vacio",
        `Concepto[${i + 1}]/Impuestos`,
        false,
        "",
        "El nodo Impuestos de un concepto debe llevar traslados o retenciones.",
        "CFDI40173",
      );
  });
  const subTotal = amount(out, doc.comprobante, "SubTotal", "SubTotal", "CFDI40108");
  const descuentoText = doc.comprobante["Descuento"];
  const descuento = descuentoText === undefined ? ZERO : amount(out, doc.comprobante, "Descuento", "Descuento", null);
  const { trasladados, retenidos } = summaryFindings(out, doc, tipo, currency);
  if (subTotal !== null) {
    decimals(out, subTotal, "SubTotal", currency, "CFDI40107");
    if (WITHOUT_AMOUNTS.has(tipo))
      check(
        out,
        "subtotal-cero",
        "SubTotal",
        subTotal.n === 0n,
        "El SubTotal es 0, como se requiere.",
        `Con TipoDeComprobante ${tipo} el SubTotal debe ser 0.`,
        "CFDI40109",
      );
    else {
      const expected = round(sum(lines.map((l) => l.importe)), currency);
      check(
        out,
        "subtotal-suma",
        "SubTotal",
        cmp(subTotal, expected) === 0,
        `El SubTotal ${text(subTotal)} es el redondeo de la suma de los importes de los conceptos.`,
        `El SubTotal ${text(subTotal)} debería ser ${text(expected)}, el redondeo de la suma de los importes de los conceptos.`,
        "CFDI40108",
      );
    }
  }
  if (descuento !== null && descuentoText !== undefined) {
    decimals(out, descuento, "Descuento", currency, "CFDI40112");
    if (subTotal !== null)
      check(
        out,
        "descuento-subtotal",
        "Descuento",
        cmp(descuento, subTotal) <= 0,
        "El Descuento no excede el SubTotal.",
        `El Descuento ${text(descuento)} es mayor que el SubTotal ${text(subTotal)}.`,
        "CFDI40110",
      );
    const expected = round(sum(lines.map((l) => l.descuento)), currency);
    // The guide (Apéndice 7, pregunta 37) rounds the concepts' discounts in the Descuento; the matrix has no code for it.
    check(
      out,
      "descuento-suma",
      "Descuento",
      cmp(descuento, expected) === 0,
      `El Descuento ${text(descuento)} es el redondeo de la suma de los descuentos de los conceptos.`,
      `El Descuento ${text(descuento)} debería ser ${text(expected)}, el redondeo de la suma de los descuentos de los conceptos.`,
      null,
    );
  }
  const total = amount(out, doc.comprobante, "Total", "Total", "CFDI40119");
  if (total !== null && subTotal !== null && descuento !== null) {
    const localTraslados = parseDec(doc.impLocal?.["TotaldeTraslados"]) ?? ZERO;
    const localRetenidos = parseDec(doc.impLocal?.["TotaldeRetenciones"]) ?? ZERO;
    const expected = sub(add(sub(add(sub(subTotal, descuento), trasladados), retenidos), localTraslados), localRetenidos);
    const words =
      doc.impLocal === null
        ? "SubTotal − Descuento + traslados − retenciones"
        : "SubTotal − Descuento + traslados − retenciones, más los traslados locales y menos las retenciones locales";
    check(
      out,
      "total-suma",
      "Total",
      cmp(total, expected) === 0,
      `El Total ${text(total)} es ${words}.`,
      `El Total ${text(total)} debería ser ${text(expected)} (${words}).`,
      "CFDI40119",
    );
  }
  return out;
}
