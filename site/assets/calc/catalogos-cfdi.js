// Lookup: what a code of a CFDI 4.0 catalog means, with the plain-language explanation where there is one.
import { calculator, curlLine, dl, el, field, fmtDate, getJson, UserError } from "./ui.js";

const NAMES = {
  uso: "c_UsoCFDI", "forma-pago": "c_FormaPago", "metodo-pago": "c_MetodoPago", regimen: "c_RegimenFiscal",
  "tipo-comprobante": "c_TipoDeComprobante", moneda: "c_Moneda", "clave-prod-serv": "c_ClaveProdServ",
};

// Catalog columns as a person reads them; the value is shown as the SAT publishes it.
const LABELS = {
  personaFisica: "Aplica a persona física", personaMoral: "Aplica a persona moral", regimenesReceptor: "Regímenes del receptor", usosPermitidos: "Usos de CFDI permitidos",
  bancarizado: "Bancarizado", valorMaximo: "Valor máximo", decimales: "Decimales", porcentajeVariacion: "Porcentaje de variación",
  incluirIva: "Incluir IVA trasladado", incluirIeps: "Incluir IEPS trasladado", complemento: "Complemento",
  estimuloFranjaFronteriza: "Estímulo de la franja fronteriza", palabrasSimilares: "Palabras similares",
};

function shown(value) {
  if (value === true) return "Sí";
  if (value === false) return "No";
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

calculator("calc", async (form) => {
  const catalog = field(form, "catalogo");
  const code = field(form, "clave");
  const name = NAMES[catalog];
  if (!name) throw new UserError("Elige un catálogo.", "catalogo");
  if (code === "") throw new UserError("Escribe la clave que buscas.", "clave");
  const entry = await getJson(`/cfdi/${catalog}/${encodeURIComponent(code)}`);
  if (entry === null) {
    throw new UserError(`La clave «${code}» no existe en el catálogo ${name}. Se busca exacta: revisa mayúsculas y ceros a la izquierda.`, "clave");
  }
  const pairs = [["Catálogo", name]];
  if (entry.validFrom) pairs.push(["Vigente desde", fmtDate(entry.validFrom)]);
  pairs.push(["Vigente hasta", entry.validTo ? fmtDate(entry.validTo) : "sigue vigente"]);
  for (const [key, label] of Object.entries(LABELS)) {
    if (entry[key] !== undefined && entry[key] !== null && entry[key] !== "") pairs.push([label, shown(entry[key])]);
  }
  return [
    el("p", { class: "total" }, el("strong", { id: "resultado-clave" }, entry.code), ` — ${entry.description}`),
    ...(entry.plain ? [el("p", {}, entry.plain)] : []),
    dl(pairs),
    curlLine(`/cfdi/${catalog}/${encodeURIComponent(code)}`),
  ];
});
