// The one-line Spanish summary that precedes each tool result, by the response's schema; other shapes get a generic line.
import { formatPesos, scaled } from "../../site/assets/calc/money.js";
import type { Route } from "../routes.ts";

type Json = Record<string, unknown>;

// The calculators' own formatting ("$20,383.65"); amounts in the API are never negative.
const pesos = (n: unknown): string => (typeof n === "number" ? formatPesos(scaled(n, 2)) : String(n));
const at = (o: unknown, key: string): unknown => (o !== null && typeof o === "object" ? (o as Json)[key] : undefined);
/** "1 registro", "3 registros". */
const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

const ONE: Record<string, (b: Json) => string> = {
  FxRate: (b) => `FIX del ${String(b["date"])}: ${String(b["rate"])} pesos por dólar.`,
  Uma: (b) => `${String(b["year"])}: UMA diaria ${pesos(b["uma"])}; salario mínimo general diario ${pesos(b["salarioMinimo"])}.`,
  InpcRecord: (b) => `INPC de ${String(b["period"])}: ${String(b["value"])}.`,
  IsrTariff: (b) =>
    `Tarifa ${String(b["period"])} de ISR de ${String(b["year"])}: ${count(Array.isArray(b["rows"]) ? b["rows"].length : 0, "renglón", "renglones")}.`,
  CfdiCatalogEntry: (b) => `Clave ${String(b["code"])}: ${String(b["description"])}.`,
  RfcValidation: (b) => `${String(b["rfc"])}: ${String(b["message"])}`,
  CalcIsr: (b) => `ISR a retener (${String(b["periodo"])}, ${String(b["anio"])}) sobre ${pesos(b["ingreso"])}: ${pesos(b["isr"])}.`,
  CalcFactorActualizacion: (b) =>
    `Factor de actualización de ${String(b["desde"])} a ${String(b["hasta"])}: ${String(b["factor"])}` +
    (b["montoActualizado"] === null ? "." : `; monto actualizado ${pesos(b["montoActualizado"])}.`),
  CalcCuotasImss: (b) =>
    `Cuotas de ${String(b["dias"])} días sobre un SBC de ${pesos(b["sbc"])} (${String(b["anio"])}): trabajador ${pesos(at(b["totales"], "trabajador"))}, patrón ${pesos(at(b["totales"], "patron"))}.`,
  CalcConversion: (b) =>
    `${String(b["moneda"]) === "USD" ? `${String(b["monto"])} dólares` : `${pesos(b["monto"])} pesos`} al FIX del ${String(b["fecha"])} (${String(b["tipoDeCambio"])}): ` +
    `${String(b["monedaResultado"]) === "MXN" ? `${pesos(b["resultado"])} pesos` : `${String(b["resultado"])} dólares`}.`,
  CalcAguinaldo: (b) => `Aguinaldo ${pesos(b["aguinaldo"])}: exento ${pesos(b["exento"])}, gravado ${pesos(b["gravado"])}.`,
  CalcPrimaVacacional: (b) =>
    `Prima vacacional ${pesos(b["primaVacacional"])} por ${String(b["diasVacaciones"])} días de vacaciones: exenta ${pesos(b["exento"])}, gravada ${pesos(b["gravado"])}.`,
};

const MANY: Record<string, (list: Json[]) => string> = {
  FxRate: (l) =>
    `${count(l.length, "observación", "observaciones")} del FIX${l.length > 0 ? `, del ${String(l[0]?.["date"])} al ${String(l.at(-1)?.["date"])}` : ""}.`,
  InpcRecord: (l) =>
    `${count(l.length, "mes", "meses")} del INPC${l.length > 0 ? `, de ${String(l[0]?.["period"])} a ${String(l.at(-1)?.["period"])}` : ""}.`,
  CalendarEvent: (l) =>
    l.length > 0
      ? `Próximo vencimiento: ${String(l[0]?.["title"])}, el ${String(l[0]?.["date"])} (${l.length} en la lista).`
      : "Sin vencimientos próximos.",
};

/** One line in Spanish about a successful response of the route. */
export function summaryOf(route: Route, body: unknown): string {
  if ("ref" in route.body && body !== null && typeof body === "object" && !Array.isArray(body)) {
    const line = ONE[route.body.ref]?.(body as Json);
    if (line !== undefined) return line;
  }
  if ("arrayOf" in route.body && Array.isArray(body)) {
    const list = body as Json[];
    return MANY[route.body.arrayOf]?.(list) ?? `${route.summary}: ${count(list.length, "registro", "registros")}.`;
  }
  return `${route.summary}.`;
}
