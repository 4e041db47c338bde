// The receptor check: RFC, régimen and uso through /cfdi/validar/receptor; what fails and why, what passed, and the usos allowed.
import { calculator, curlLine, el, field, getJson, notice, total, UserError } from "./ui.js";

const PERSONAS = { fisica: "persona física", moral: "persona moral" };

/** One finding as a list item: its message, then the catalog column and SAT code it comes from. */
function item(f) {
  const source = [f.catalog && f.column ? `${f.catalog}, columna ${f.column}` : f.catalog, f.satCode ? `error ${f.satCode} del SAT` : null]
    .filter(Boolean)
    .join(" · ");
  return el("li", {}, f.message, source ? el("small", {}, ` (${source})`) : "");
}

const list = (findings, id) => el("ul", { id }, ...findings.map(item));

calculator("calc", async (form) => {
  const rfc = field(form, "rfc");
  if (rfc === "") throw new UserError("Escribe el RFC del receptor.", "rfc");
  const params = { rfc, regimen: field(form, "regimen"), uso: field(form, "uso") };
  const result = await getJson(`/cfdi/validar/receptor?${new URLSearchParams(params)}`);
  const failed = result.findings.filter((f) => f.passed === false);
  const nodes = [total("Resultado", result.passed ? "Sin problemas en los catálogos" : "El SAT lo rechazaría", "resultado-receptor")];
  if (failed.length > 0) nodes.push(el("h3", {}, "Qué está mal"), list(failed, "hallazgos-fallidos"));
  const usos = result.allowedUsos.map((u) => `${u.code} ${u.description}`);
  const who = result.persona ? `una ${PERSONAS[result.persona]} con el régimen ${params.regimen}` : `el régimen ${params.regimen}`;
  nodes.push(
    el("h3", {}, "Usos del CFDI permitidos"),
    usos.length > 0 ? el("ul", { id: "usos-permitidos" }, ...usos.map((u) => el("li", {}, u))) : notice(`Ningún uso del CFDI es válido para ${who}.`),
    el("h3", {}, "Lo que se revisó"),
    list(result.findings.filter((f) => f.passed !== false), "hallazgos-aprobados"),
    el("h3", {}, "Lo que solo el SAT puede revisar"),
    el("ul", {}, ...result.notChecked.map((n) => el("li", {}, n.what, n.satCode ? el("small", {}, ` (${n.satCode})`) : ""))),
    curlLine("/cfdi/validar/receptor", params),
  );
  return nodes;
});
