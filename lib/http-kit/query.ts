// Query-string checks (docs/decisions/0006-bad-input-400-absent-404.md): known parameters decimal and within bounds, repeated or empty → 400; others ignored, or a 400 on strict routes.
import type {
  DateQueryParam,
  DecimalQueryParam,
  IntegerQueryParam,
  QueryParam,
  StringQueryParam,
  WholeQueryParam,
} from "../route-shape/route-types.ts";
import { isRequiredParam } from "../route-shape/param-schema.ts";
import { isValidIsoDate } from "../../core/dates.ts";
import { pow10 } from "../../core/money.ts";
import { badRequest, printable } from "./errors.ts";

export type QueryValues = Record<string, number | string>;

// Integers longer than this cannot be exact in a double; no bound of the API needs them.
const MAX_DIGITS = 15;
const DIGITS = /^[0-9]+$/;

/** Decodes one component of a URL (form style: "+" is a space); malformed escapes are a 400. */
export function decodeComponent(raw: string, plusIsSpace: boolean): string {
  const text = plusIsSpace && raw.includes("+") ? raw.replace(/\+/g, " ") : raw;
  if (!text.includes("%")) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest("La dirección tiene una codificación por ciento (%) inválida.");
  }
}

/** The route's query parameters the request gives, checked: unknown ones ignored (a 400 when `strict`), bad or missing required ones a 400. */
export function parseQuery(query: string, params: readonly QueryParam[], strict = false): QueryValues {
  if (params.length === 0) return {};
  const raw = new Map<string, string>();
  if (query.length > 0) {
    for (const pair of query.split("&")) {
      if (pair.length === 0) continue;
      const eq = pair.indexOf("=");
      const name = decodeComponent(eq < 0 ? pair : pair.slice(0, eq), true);
      if (!params.some((p) => p.name === name)) {
        if (strict) {
          const names = params.map((p) => p.name).join(", ");
          throw badRequest(`Esta ruta no tiene el parámetro «${printable(name)}» y no lo ignora; los que admite son: ${names}.`);
        }
        continue;
      }
      if (raw.has(name)) throw badRequest(`El parámetro ${name} aparece más de una vez; envíelo una sola vez.`);
      raw.set(name, decodeComponent(eq < 0 ? "" : pair.slice(eq + 1), true));
    }
  }
  return checkedValues(raw, params);
}

/** The values of `params` among values already decoded by name (a query's, or the fields of a POST body's object), checked. */
export function checkedValues(raw: ReadonlyMap<string, string>, params: readonly QueryParam[]): QueryValues {
  const values: QueryValues = {};
  for (const p of params) {
    const value = raw.get(p.name);
    if (value === undefined) {
      if (isRequiredParam(p)) throw badRequest(`Falta el parámetro ${p.name}, que es obligatorio.`);
      continue;
    }
    values[p.name] = parsedValue(p, value);
  }
  checkDateRange(values);
  return values;
}

function parsedValue(p: QueryParam, value: string): number | string {
  if (p.type === "integer" || p.type === "whole") return integerValue(p, value);
  if (p.type === "decimal") return decimalValue(p, value);
  return p.type === "string" ? stringValue(p, value) : dateValue(p, value);
}

/** A decimal text as an integer scaled by 10^decimals (exact), or null when it is not one. */
export function scaledDecimal(text: string, decimals: number): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(text);
  if (m === null) return null;
  const frac = m[2] ?? "";
  if (frac.length > decimals) return null;
  return BigInt(m[1] as string) * pow10(decimals) + BigInt(frac.padEnd(decimals, "0") || "0");
}

/** The value kept under `key`, made the first time: the route table's few bounds and patterns, met on every request. */
function kept<V>(values: Map<string, V>, key: string, make: () => V): V {
  let value = values.get(key);
  if (value === undefined) {
    value = make();
    values.set(key, value);
  }
  return value;
}

const scaledBounds = new Map<string, bigint>();
const scaledBound = (text: string, decimals: number): bigint =>
  kept(scaledBounds, `${decimals}:${text}`, () => scaledDecimal(text, decimals) as bigint);

function decimalValue(p: DecimalQueryParam, value: string): string {
  const n = scaledDecimal(value, p.decimals);
  if (n === null || n < scaledBound(p.minimum, p.decimals) || n > scaledBound(p.maximum, p.decimals)) {
    throw badRequest(
      `El parámetro ${p.name} debe ser un número entre ${p.minimum} y ${p.maximum} escrito con dígitos y, si acaso, un punto y hasta ${p.decimals} ` +
        `decimales (sin signo, separadores de miles ni exponente); se recibió ${received(value)}.`,
    );
  }
  return value;
}

const received = (value: string): string => (value.length === 0 ? "un valor vacío" : `«${printable(value)}»`);

function dateValue(p: DateQueryParam, value: string): string {
  if (!isValidIsoDate(value)) {
    throw badRequest(`El parámetro ${p.name} debe ser una fecha real con formato AAAA-MM-DD; se recibió «${printable(value)}».`);
  }
  return value;
}

/** A date interval (from/to) is its own form: `days` cannot be combined with it, and it cannot run backwards. */
function checkDateRange(values: QueryValues): void {
  const from = values["from"];
  const to = values["to"];
  if (from === undefined && to === undefined) return;
  if (values["days"] !== undefined)
    throw badRequest("El parámetro days no se combina con from ni con to; use days, o bien un intervalo from/to.");
  if (typeof from === "string" && typeof to === "string" && from > to)
    throw badRequest(`El intervalo está invertido: from (${from}) es posterior a to (${to}).`);
}

/** Whether the query asks for a date interval (a form that has no prebuilt file). */
export const isDateRange = (query: QueryValues): boolean => query["from"] !== undefined || query["to"] !== undefined;

function integerValue(p: IntegerQueryParam | WholeQueryParam, value: string): number {
  const n = DIGITS.test(value) && value.length <= MAX_DIGITS ? Number(value) : Number.NaN;
  if (Number.isNaN(n) || n < p.minimum || (p.maximum !== undefined && n > p.maximum)) {
    const bounds = p.maximum === undefined ? `un entero mayor o igual que ${p.minimum}` : `un entero entre ${p.minimum} y ${p.maximum}`;
    throw badRequest(`El parámetro ${p.name} debe ser ${bounds} escrito solo con dígitos; se recibió ${received(value)}.`);
  }
  return n;
}

/** C0 controls and DEL: no value of the API holds one, and a key must not be spelled with them. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The 400 of a value holding a control character, in a query parameter or a path segment. */
export function refuseControl(what: string, value: string): void {
  const at = value.search(CONTROL);
  if (at < 0) return;
  const code = value.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0");
  throw badRequest(
    `${what} contiene un carácter de control (U+${code}, en la posición ${at + 1}); ningún valor de la API los lleva: quítelo.`,
  );
}

function stringValue(p: StringQueryParam, value: string): string {
  refuseControl(`El parámetro ${p.name}`, value);
  if (value.trim().length === 0) throw badRequest(`El parámetro ${p.name} no puede estar vacío.`);
  // Characters as people count them (code points), not UTF-16 units.
  let length = 0;
  for (const _ of value)
    if (++length > p.maxLength) throw badRequest(`El parámetro ${p.name} admite como máximo ${p.maxLength} caracteres.`);
  if (p.enum !== undefined && !p.enum.includes(value)) {
    throw badRequest(`El parámetro ${p.name} debe ser uno de: ${p.enum.join(", ")}; se recibió «${printable(value)}».`);
  }
  if (p.pattern !== undefined && !patternOf(p.pattern).test(value)) {
    throw badRequest(`El parámetro ${p.name} no tiene el formato esperado: ${p.description} Se recibió «${printable(value)}».`);
  }
  return value;
}

const patterns = new Map<string, RegExp>();
export const patternOf = (source: string): RegExp => kept(patterns, source, () => new RegExp(source));
