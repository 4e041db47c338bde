// The short Spanish text of each tool result, by the response's schema: the answer with its date, source and legal basis.
import { formatPesos, scaled } from "../../core/money.ts";
import type { Route } from "../routes.ts";

type Json = Record<string, unknown>;

// The calculators' own formatting ("$20,383.65"); amounts in the API are never negative.
const pesos = (n: unknown): string => (typeof n === "number" ? formatPesos(scaled(n, 2)) : String(n));
const at = (o: unknown, key: string): unknown => (o !== null && typeof o === "object" ? (o as Json)[key] : undefined);
const s = (v: unknown): string => String(v);
/** "1 registro", "3 registros". */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
/** The law a calculation applies: its `fundamento` up to the formula ("Art. 96 de la Ley del ISR"). */
const basis = (b: Json): string => s(b["fundamento"]).split(/[:;]/)[0]?.trim().replace(/\.$/, "") ?? "";
/** The catalog's SAT name in a route's summary ("Clave del catálogo c_UsoCFDI" → c_UsoCFDI). */
const sheet = (route: Route): string => /\bc_\w+/.exec(route.summary)?.[0] ?? route.summary;

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

const ONE: Record<string, (b: Json, route: Route) => string> = {
  FxRate: (b) => `FIX determinado el ${s(b["date"])}: ${s(b["rate"])} pesos por dólar. Fuente: ${s(b["source"])}.`,
  FxDofRate: (b) =>
    `Tipo de cambio aplicable el ${s(b["date"])} según el Art. 20 CFF: ${s(b["rate"])} pesos por dólar, el FIX determinado el ${s(b["fixDate"])} ` +
    `y publicado en el DOF el ${s(b["dofDate"])}. Fuente: ${s(b["source"])}.`,
  UdiValue: (b) => `UDI del ${s(b["date"])}: ${s(b["value"])} pesos. Fuente: ${s(b["source"])}.`,
  TiieRate: (b) => `TIIE a ${s(b["term"])} días del ${s(b["date"])}: ${s(b["rate"])} % anual. Fuente: ${s(b["source"])}.`,
  Uma: (b) =>
    `${s(b["year"])}: UMA diaria ${pesos(b["uma"])} (desde el ${s(b["umaVigenteDesde"])}); salario mínimo general diario ${pesos(b["salarioMinimo"])} ` +
    `(desde el ${s(b["salarioMinimoVigenteDesde"])}). Fuente: ${s(b["source"])}.`,
  InpcRecord: (b) => `INPC de ${s(b["period"])}: ${s(b["value"])} (índice general). Fuente: INEGI.`,
  IsrTariff: (b) =>
    `Tarifa ${s(b["period"])} de retención de ISR de ${s(b["year"])}: ${count(Array.isArray(b["rows"]) ? b["rows"].length : 0, "renglón", "renglones")}. ` +
    "Fundamento: Art. 96 de la Ley del ISR; Anexo 8 de la RMF.",
  CfdiCatalogEntry: (b, route) =>
    `${sheet(route)} ${s(b["code"])}: ${s(b["description"])}${b["validTo"] === null ? "" : ` (vigente hasta ${s(b["validTo"])})`} Fuente: catálogos del SAT.`,
  RfcValidation: (b) => `${s(b["rfc"])}: ${s(b["message"])} Solo revisa la estructura; no consulta si está inscrito en el SAT.`,
  CalcIsr: isrWithheld,
  CalcIsrAnual: (b) =>
    `ISR del ejercicio ${s(b["anio"])} sobre una base gravable de ${pesos(b["ingresoGravable"])}: ${pesos(b["isr"])}. Fundamento: ${basis(b)}.`,
  CalcResico: (b) =>
    b["excedeTope"] === true
      ? `Ingreso ${s(b["periodo"])} de ${pesos(b["ingreso"])}: ${s(b["nota"])} Fundamento: ${basis(b)}.`
      : `ISR del RESICO (${s(b["periodo"])}) sobre ${pesos(b["ingreso"])}: tasa ${s(b["tasa"])} %, ISR ${pesos(b["isr"])}. Fundamento: ${basis(b)}.`,
  SubsidioEmpleoRule: (b) =>
    `Subsidio para el empleo vigente desde el ${s(b["vigenteDesde"])}: ${s(b["porcentajeUmaMensual"])} % de la UMA mensual, ${pesos(b["montoMensual"])} al mes, ` +
    `para ingresos de hasta ${pesos(b["topeIngresoMensual"])} mensuales. Fuente: ${s(b["instrumento"])}.`,
  CfdiCheck: cfdiCheck,
  ReceptorCheck: cfdiCheck,
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

const span = (l: Json[], key: string): string => (l.length > 0 ? `, del ${s(l[0]?.[key])} al ${s(l.at(-1)?.[key])}` : "");

const MANY: Record<string, (list: Json[], route: Route) => string> = {
  FxRate: (l) => `${count(l.length, "observación", "observaciones")} del FIX${span(l, "date")}. Fuente: Banco de México, serie SF43718.`,
  UdiValue: (l) => `${count(l.length, "valor", "valores")} de la UDI${span(l, "date")}. Fuente: Banco de México, serie SP68257.`,
  TiieRate: (l) =>
    `${count(l.length, "observación", "observaciones")} de la TIIE a 28 días${span(l, "date")}. Fuente: Banco de México, serie SF43783.`,
  InpcRecord: (l) => `${count(l.length, "mes", "meses")} del INPC${span(l, "period")}. Fuente: INEGI.`,
  CfdiCatalogEntry: (l, route) => `${sheet(route)}: ${count(l.length, "clave", "claves")} en esta respuesta. Fuente: catálogos del SAT.`,
  SearchResult: (l) =>
    l.length > 0
      ? `${count(l.length, "resultado", "resultados")}; el primero: ${s(l[0]?.["catalog"])} ${s(l[0]?.["code"])} «${s(l[0]?.["description"])}». Fuente: catálogos del SAT.`
      : "Sin resultados: prueba con otras palabras o sin filtro de catálogo.",
  SubsidioEmpleoRule: (l) =>
    `${count(l.length, "regla", "reglas")} del subsidio para el empleo${span(l, "vigenteDesde")}. Fuente: decretos publicados en el DOF.`,
  ResicoRate: (l) =>
    `${count(l.length, "renglón", "renglones")} de tasas del RESICO de personas físicas (mensual y anual). Fundamento: Arts. 113-E y 113-F de la Ley del ISR.`,
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
