// The short Spanish text of each tool result: a dataset's records in its definition's words, any other answer by its shape; with its date, source and legal basis.
import type { Route } from "../routes/routes.ts";
import { definitionOfRoute } from "../datasets/definitions.ts";
import { count, pesos, s, type Json } from "../datasets/said.ts";

const at = (o: unknown, key: string): unknown => (o !== null && typeof o === "object" ? (o as Json)[key] : undefined);
/** The law a calculation applies: its `fundamento` up to the formula ("Art. 96 de la Ley del ISR"). */
const basis = (b: Json): string => s(b["fundamento"]).split(/[:;]/)[0]?.trim().replace(/\.$/, "") ?? "";

function conversion(b: Json): string {
  const from =
    s(b["moneda"]) === "USD"
      ? `${s(b["monto"])} dólares`
      : s(b["moneda"]) === "UDI"
        ? `${s(b["monto"])} UDIS`
        : `${pesos(b["monto"])} pesos`;
  const to = s(b["monedaResultado"]);
  const result =
    to === "MXN" ? `${pesos(b["resultado"])} pesos` : to === "UDI" ? `${s(b["resultado"])} UDIS` : `${s(b["resultado"])} dólares`;
  const dof = at(b["datos"], "dof");
  const rate =
    dof !== undefined
      ? `al tipo de cambio aplicable el ${s(b["fecha"])} según el Art. 20 CFF (${s(b["tipoDeCambio"])}: FIX del ${s(at(dof, "fixDate"))} publicado en el DOF el ${s(at(dof, "dofDate"))})`
      : at(b["datos"], "udi") !== undefined
        ? `al valor de la UDI del ${s(b["fecha"])} (${s(b["tipoDeCambio"])})`
        : `al FIX determinado el ${s(b["fecha"])} (${s(b["tipoDeCambio"])})`;
  return `${from} ${rate}: ${result}. Fundamento: ${basis(b)}.`;
}

/** The tariff's ISR and, with a pay date, the subsidy of the period and what is withheld, each with its basis. */
function isrWithheld(b: Json): string {
  const tariff = `ISR de la tarifa (${s(b["periodo"])}, ${s(b["anio"])}) sobre ${pesos(b["ingreso"])}: ${pesos(b["isr"])}`;
  const source = `Fundamento: ${basis(b)}; tarifa: ${s(at(at(b["datos"], "tarifa"), "fuente"))}.`;
  const subsidy = b["subsidio"];
  if (subsidy === null || b["isrARetener"] === null) return `${tariff}, antes del subsidio para el empleo (${s(b["nota"])}). ${source}`;
  return (
    `${tariff}; subsidio para el empleo del periodo ${pesos(at(subsidy, "monto"))}; ISR a retener ${pesos(b["isrARetener"])} ` +
    `(pago del ${s(b["fechaPago"])}). ${source} Subsidio: ${s(at(subsidy, "instrumento"))}.`
  );
}

/** A pre-check's verdict: the rules that failed, by field and SAT code, and that it is not a stamp. */
function cfdiCheck(b: Json): string {
  const findings = Array.isArray(b["findings"]) ? (b["findings"] as Json[]) : [];
  const failed = findings.filter((f) => f["passed"] === false);
  const verdict =
    failed.length === 0
      ? `Sin errores en ${count(findings.length, "regla revisada", "reglas revisadas")} con los catálogos del SAT al ${s(b["date"])}`
      : `${count(failed.length, "regla falla", "reglas fallan")} al ${s(b["date"])}: ` +
        failed.map((f) => `${s(f["field"])}${f["satCode"] === null ? "" : ` (${s(f["satCode"])})`}: ${s(f["message"])}`).join(" ");
  return `${verdict.replace(/\.?$/, ".")} No es un timbrado: el SAT revisa además sus padrones.`;
}

/** A whole CFDI's verdict: how many rules passed, the first failures (the full list is in the JSON), and that it is not a stamp. */
function cfdiValidation(b: Json): string {
  const findings = Array.isArray(b["findings"]) ? (b["findings"] as Json[]) : [];
  const failed = findings.filter((f) => f["passed"] === false);
  const passed = (Array.isArray(b["passedRules"]) ? (b["passedRules"] as Json[]) : []).reduce((n, r) => n + Number(r["count"]), 0);
  const shown = failed
    .slice(0, 10)
    .map((f) => `${s(f["field"])}${f["satCode"] === null ? "" : ` (${s(f["satCode"])})`}: ${s(f["message"])}`);
  const verdict =
    failed.length === 0
      ? `CFDI sin errores: ${count(passed, "regla cumplida", "reglas cumplidas")} al ${s(b["date"])}`
      : `${count(failed.length, "regla falla", "reglas fallan")} y ${passed} se cumplen al ${s(b["date"])}: ${shown.join(" ")}${failed.length > 10 ? " (el resto, en el JSON)" : ""}`;
  return `${verdict.replace(/\.?$/, ".")} No es un timbrado: el SAT revisa además sello, padrones y códigos postales.`;
}

const ONE: Record<string, (b: Json, route: Route) => string> = {
  FxDofRate: (b) =>
    `Tipo de cambio aplicable el ${s(b["date"])} según el Art. 20 CFF: ${s(b["rate"])} pesos por dólar, el FIX determinado el ${s(b["fixDate"])} ` +
    `y publicado en el DOF el ${s(b["dofDate"])}. Fuente: ${s(b["source"])}.`,
  RfcValidation: (b) => `${s(b["rfc"])}: ${s(b["message"])} Solo revisa la estructura; no consulta si está inscrito en el SAT.`,
  CalcIsr: isrWithheld,
  CalcIsrAnual: (b) =>
    `ISR del ejercicio ${s(b["anio"])} sobre una base gravable de ${pesos(b["ingresoGravable"])}: ${pesos(b["isr"])}. Fundamento: ${basis(b)}.`,
  CalcResico: (b) =>
    b["excedeTope"] === true
      ? `Ingreso ${s(b["periodo"])} de ${pesos(b["ingreso"])}: ${s(b["nota"])} Fundamento: ${basis(b)}.`
      : `ISR del RESICO (${s(b["periodo"])}) sobre ${pesos(b["ingreso"])}: tasa ${s(b["tasa"])} %, ISR ${pesos(b["isr"])}. Fundamento: ${basis(b)}.`,
  CfdiCheck: cfdiCheck,
  ReceptorCheck: cfdiCheck,
  CfdiValidation: cfdiValidation,
  CalcFactorActualizacion: (b) =>
    `Factor de actualización de ${s(b["desde"])} a ${s(b["hasta"])}: ${s(b["factor"])}` +
    `${b["montoActualizado"] === null ? "" : `; monto actualizado ${pesos(b["montoActualizado"])}`}. Fundamento: ${basis(b)}; INPC del INEGI.`,
  CalcCuotasImss: (b) =>
    `Cuotas de ${s(b["dias"])} días sobre un SBC de ${pesos(b["sbc"])} (${s(b["anio"])}): trabajador ${pesos(at(b["totales"], "trabajador"))}, ` +
    `patrón ${pesos(at(b["totales"], "patron"))}. Fundamento: ${basis(b)}.`,
  CalcConversion: conversion,
  CalcAguinaldo: (b) =>
    `Aguinaldo ${pesos(b["aguinaldo"])} (${s(b["anio"])}): exento ${pesos(b["exento"])}, gravado ${pesos(b["gravado"])}. Fundamento: ${basis(b)}.`,
  CalcPrimaVacacional: (b) =>
    `Prima vacacional ${pesos(b["primaVacacional"])} por ${s(b["diasVacaciones"])} días de vacaciones (${s(b["anio"])}): exenta ${pesos(b["exento"])}, ` +
    `gravada ${pesos(b["gravado"])}. Fundamento: ${basis(b)}.`,
  CalcRecargos: (b) =>
    `${pesos(b["monto"])} que vencía el ${s(b["fechaLimite"])} pagado el ${s(b["fechaPago"])}: factor ${s(at(b["factorActualizacion"], "factor"))}, ` +
    `actualización ${pesos(b["actualizacion"])}, recargos ${pesos(b["recargos"])} (${s(b["meses"])} meses, ${s(b["tasaRecargos"])} %), total ${pesos(b["total"])}. ` +
    `Fundamento: ${basis(b)}.`,
  CalcSbc: (b) =>
    `SBC diario ${pesos(b["sbc"])} (${s(b["anio"])}): ${pesos(b["salarioDiario"])} × factor ${s(b["factor"])} = ${pesos(b["sdiFijo"])}` +
    ` + variables ${pesos(b["partesVariables"])}${b["topado"] === true ? `, topado en 25 UMA (${pesos(b["tope25Uma"])})` : ""}. Fundamento: ${basis(b)}.`,
  Status: (b) => {
    const sets = Array.isArray(b["datasets"]) ? (b["datasets"] as Json[]) : [];
    const stale = sets.filter((d) => d["stale"] === true).map((d) => s(d["id"]));
    return (
      // builtAt is null in a reproducible build: the cut date is then the build's date.
      `Datos compilados ${b["builtAt"] == null ? `al ${s(b["asOf"])}` : `el ${s(b["builtAt"]).slice(0, 10)} con fecha de corte ${s(b["asOf"])}`}: ` +
      `${count(sets.length, "conjunto", "conjuntos")}` +
      `${stale.length > 0 ? `, desactualizados: ${stale.join(", ")}` : ", todos al día"}. Cada uno nombra su publicador y su URL oficial.`
    );
  },
};

const MANY: Record<string, (list: Json[], route: Route) => string> = {
  SearchResult: (l) =>
    l.length > 0
      ? `${count(l.length, "resultado", "resultados")}; el primero: ${s(l[0]?.["catalog"])} ${s(l[0]?.["code"])} «${s(l[0]?.["description"])}». Fuente: catálogos del SAT.`
      : "Sin resultados: prueba con otras palabras o sin filtro de catálogo.",
  CalendarEvent: (l) => {
    const first = l[0];
    if (first === undefined) return "Sin vencimientos próximos en el calendario.";
    const sat = l.find((e) => e["category"] === "SAT");
    const next = `Próximo vencimiento: ${s(first["title"])}, el ${s(first["date"])} (${s(first["category"])})`;
    const satToo = sat !== undefined && sat !== first ? `; el próximo del SAT: ${s(sat["title"])}, el ${s(sat["date"])}` : "";
    return `${next}${satToo}. ${count(l.length, "vencimiento", "vencimientos")} en la lista, cada uno con su fundamento.`;
  },
};

/** The Spanish text about a successful response of the route. */
export function summaryOf(route: Route, body: unknown): string {
  // A dataset's records, in the words of its definition (lib/datasets/definitions.ts).
  const texts = definitionOfRoute(route)?.mcp;
  if (texts?.many !== undefined && "arrayOf" in route.body && Array.isArray(body)) return texts.many(body as Json[]);
  if (texts?.one !== undefined && "ref" in route.body && body !== null && typeof body === "object" && !Array.isArray(body)) {
    return texts.one(body as Json);
  }
  if ("ref" in route.body && body !== null && typeof body === "object" && !Array.isArray(body)) {
    const line = ONE[route.body.ref]?.(body as Json, route);
    if (line !== undefined) return line;
  }
  if ("arrayOf" in route.body && Array.isArray(body)) {
    const list = body as Json[];
    return MANY[route.body.arrayOf]?.(list, route) ?? `${route.summary}: ${count(list.length, "registro", "registros")}.`;
  }
  return `${route.summary}.`;
}
