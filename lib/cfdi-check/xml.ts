// A CFDI 4.0 XML read into the few nodes the checks need, with saxes: well-formedness enforced, no DOCTYPE, no entities beyond XML's own, bounded size.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from "saxes";
import { MAX_XML_BYTES } from "./limits.ts";
const CFDI_NS = "http://www.sat.gob.mx/cfd/4";
/** Earlier versions' namespaces, to say which version was sent. */
const OLD_NS: Readonly<Record<string, string>> = {
  "http://www.sat.gob.mx/cfd/3": "3.3 o 3.2",
  "http://www.sat.gob.mx/cfd/2": "2.x",
};
const IMPLOCAL_NS = "http://www.sat.gob.mx/implocal";

/** Why an XML cannot be checked: the problem's Spanish detail (a 400). */
export class CfdiXmlError extends Error {}

export type Attrs = Readonly<Record<string, string>>;

/** A Traslado or Retencion node, of a concept or of the comprobante's summary. */
export interface TaxNode {
  tipo: "traslado" | "retencion";
  attrs: Attrs;
}

export interface ConceptoNode {
  attrs: Attrs;
  /** Whether the concept has an Impuestos child (even empty). */
  impuestos: boolean;
  taxes: TaxNode[];
  aCuentaTerceros: Attrs | null;
  /** NumeroPedimento of its InformacionAduanera nodes and of its Partes'. */
  pedimentos: string[];
  partes: Attrs[];
}

export interface CfdiDocument {
  comprobante: Attrs;
  emisor: Attrs | null;
  receptor: Attrs | null;
  informacionGlobal: Attrs | null;
  tiposRelacion: string[];
  conceptos: ConceptoNode[];
  /** The comprobante's Impuestos summary, or null when absent. */
  impuestos: { attrs: Attrs; taxes: TaxNode[] } | null;
  /** Each complement's root as `{namespace} LocalName` (ComercioExterior, TimbreFiscalDigital…). */
  complementos: string[];
  /** The local taxes complement's totals, when present (they enter the Total). */
  impLocal: Attrs | null;
}

const attrsOf = (tag: SaxesTagNS): Attrs => {
  const out: Record<string, string> = {};
  for (const a of Object.values(tag.attributes) as SaxesAttributeNS[]) if (a.uri === "") out[a.local] = a.value;
  return out;
};

function emptyDocument(comprobante: Attrs): CfdiDocument {
  return {
    comprobante,
    emisor: null,
    receptor: null,
    informacionGlobal: null,
    tiposRelacion: [],
    conceptos: [],
    impuestos: null,
    complementos: [],
    impLocal: null,
  };
}

/** Where an element of the cfdi namespace sits, by the local names above it (the root is "Comprobante"). */
function place(doc: CfdiDocument, path: readonly string[], tag: SaxesTagNS): void {
  const attrs = attrsOf(tag);
  const joined = path.join("/");
  const concepto = doc.conceptos[doc.conceptos.length - 1];
  switch (joined) {
    case "Comprobante/Emisor":
      doc.emisor = attrs;
      return;
    case "Comprobante/Receptor":
      doc.receptor = attrs;
      return;
    case "Comprobante/InformacionGlobal":
      doc.informacionGlobal = attrs;
      return;
    case "Comprobante/CfdiRelacionados":
      doc.tiposRelacion.push(attrs["TipoRelacion"] ?? "");
      return;
    case "Comprobante/Conceptos/Concepto":
      doc.conceptos.push({ attrs, impuestos: false, taxes: [], aCuentaTerceros: null, pedimentos: [], partes: [] });
      return;
    case "Comprobante/Conceptos/Concepto/ACuentaTerceros":
      if (concepto !== undefined) concepto.aCuentaTerceros = attrs;
      return;
    case "Comprobante/Conceptos/Concepto/InformacionAduanera":
    case "Comprobante/Conceptos/Concepto/Parte/InformacionAduanera":
      concepto?.pedimentos.push(attrs["NumeroPedimento"] ?? "");
      return;
    case "Comprobante/Conceptos/Concepto/Parte":
      concepto?.partes.push(attrs);
      return;
    case "Comprobante/Conceptos/Concepto/Impuestos":
      if (concepto !== undefined) concepto.impuestos = true;
      return;
    case "Comprobante/Conceptos/Concepto/Impuestos/Traslados/Traslado":
      concepto?.taxes.push({ tipo: "traslado", attrs });
      return;
    case "Comprobante/Conceptos/Concepto/Impuestos/Retenciones/Retencion":
      concepto?.taxes.push({ tipo: "retencion", attrs });
      return;
    case "Comprobante/Impuestos":
      doc.impuestos = { attrs, taxes: [] };
      return;
    case "Comprobante/Impuestos/Traslados/Traslado":
      doc.impuestos?.taxes.push({ tipo: "traslado", attrs });
      return;
    case "Comprobante/Impuestos/Retenciones/Retencion":
      doc.impuestos?.taxes.push({ tipo: "retencion", attrs });
      return;
  }
}

function rootOf(tag: SaxesTagNS): Attrs {
  if (tag.uri in OLD_NS) {
    throw new CfdiXmlError(
      `El XML es un CFDI versión ${OLD_NS[tag.uri]}; aquí se revisan solo comprobantes CFDI 4.0 (espacio de nombres ${CFDI_NS}).`,
    );
  }
  if (tag.uri !== CFDI_NS || tag.local !== "Comprobante") {
    throw new CfdiXmlError(
      `El elemento raíz del XML es «${tag.name}»; un CFDI 4.0 empieza con cfdi:Comprobante del espacio de nombres ${CFDI_NS}.`,
    );
  }
  const attrs = attrsOf(tag);
  if (attrs["Version"] !== "4.0") {
    throw new CfdiXmlError(
      `El comprobante declara Version «${attrs["Version"] ?? ""}»; aquí se revisan solo comprobantes con Version 4.0.`,
    );
  }
  return attrs;
}

/**
 * The nodes of a CFDI 4.0. Malformed XML, a DOCTYPE (and with it any entity declaration), an unknown
 * entity, another root or version, or more than MAX_XML_BYTES are a CfdiXmlError with a Spanish detail.
 */
export function readCfdi(xml: string): CfdiDocument {
  // A UTF-16 unit is at most 3 bytes of UTF-8: short texts need no count.
  if (xml.length * 3 > MAX_XML_BYTES && Buffer.byteLength(xml, "utf8") > MAX_XML_BYTES) {
    throw new CfdiXmlError(`El XML pesa más de ${MAX_XML_BYTES / 1024} KiB, el máximo que se revisa.`);
  }
  const parser = new SaxesParser({ xmlns: true, position: true });
  let doc: CfdiDocument | null = null;
  // Local names of the open elements from the root down while they are all of the cfdi namespace; null below a foreign one.
  const path: (string | null)[] = [];
  parser.on("doctype", () => {
    throw new CfdiXmlError("El XML trae una declaración DOCTYPE; un CFDI no la lleva y aquí no se admiten DTD ni entidades.");
  });
  parser.on("opentag", (tag) => {
    const parent = path.length === 0 ? undefined : path[path.length - 1];
    if (doc === null) {
      doc = emptyDocument(rootOf(tag));
      path.push("Comprobante");
      return;
    }
    if (path.length === 2 && path[1] === "Complemento") {
      doc.complementos.push(`{${tag.uri}} ${tag.local}`);
      if (tag.uri === IMPLOCAL_NS && tag.local === "ImpuestosLocales") doc.impLocal = attrsOf(tag);
    }
    const inCfdi = parent !== null && parent !== undefined && tag.uri === CFDI_NS;
    path.push(inCfdi ? tag.local : null);
    if (!inCfdi) return;
    place(doc, path as string[], tag);
  });
  parser.on("closetag", () => {
    path.pop();
  });
  try {
    parser.write(xml).close();
  } catch (e) {
    if (e instanceof CfdiXmlError) throw e;
    // saxes says what in English; the position is what a reader needs.
    throw new CfdiXmlError(
      `El XML está mal formado cerca de la línea ${parser.line}, columna ${parser.column}; un CFDI debe ser XML bien formado.`,
    );
  }
  if (doc === null) throw new CfdiXmlError("El cuerpo no contiene ningún elemento XML.");
  return doc;
}
