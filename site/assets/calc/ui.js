// Shared browser code of the calculators: same-origin API calls, form handling and result rendering (text only, never HTML).

import { formatPesos, formatRateMicro } from "./core.js";

export const API = "/api/v1/public";

/** An error whose message is meant for the person using the calculator, about one form field when `field` names it. */
export class UserError extends Error {
  constructor(message, field) {
    super(message);
    this.field = field;
  }
}

const cache = new Map();

/** GET a path of the API; null on 404. Responses are kept for the life of the page. */
export function getJson(path) {
  if (!cache.has(path)) {
    const pending = fetch(API + path, { headers: { Accept: "application/json" } }).then(async (r) => {
      if (r.status === 404) return null;
      if (r.status === 429) throw new UserError("Se alcanzó el límite de solicitudes por minuto. Espera unos segundos y vuelve a intentar.");
      // The API explains a refused request in its problem+json detail, in Spanish: show that.
      if (!r.ok) {
        const detail = (await r.json().catch(() => null))?.detail;
        throw new UserError(detail ?? `El servicio respondió con el estado ${r.status}. Vuelve a intentar más tarde.`);
      }
      return r.json();
    });
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return cache.get(path);
}

/** An element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** A description list from [term, value] pairs. */
export function dl(pairs) {
  const list = el("dl");
  for (const [term, value] of pairs) list.append(el("dt", {}, term), el("dd", {}, value));
  return list;
}

/** The headline result line: label and a strong value with an id the page and the tests can find. */
export const total = (label, value, id) => el("p", { class: "total" }, `${label}: `, el("strong", { id }, value));

export const notice = (text) => el("p", { class: "notice" }, text);

/** The value of a named form field, trimmed. */
export const field = (form, name) => String(new FormData(form).get(name) ?? "").trim();

/** The control a field name refers to (the first one of a radio group). */
function control(form, name) {
  const item = form.elements.namedItem(name);
  return item instanceof RadioNodeList ? item[0] ?? null : item;
}

/** Removes the marks of the previous error: aria-invalid, the message beside the field and its aria-describedby entry. */
function clearFieldError(form) {
  for (const input of form.querySelectorAll('[aria-invalid="true"]')) {
    input.removeAttribute("aria-invalid");
    const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && !id.endsWith("-error"));
    if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
    else input.removeAttribute("aria-describedby");
  }
  for (const message of form.querySelectorAll(".field-error")) message.remove();
}

/** Ties a message to its field: aria-invalid, the message right after the control and named by aria-describedby, focus. */
function markFieldError(form, name, message) {
  const input = control(form, name);
  if (!input || !input.id) return;
  const id = `${input.id}-error`;
  input.after(el("p", { class: "field-error", id }, message));
  input.setAttribute("aria-invalid", "true");
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  input.setAttribute("aria-describedby", [...ids, id].join(" "));
  input.focus();
}

/**
 * Runs `compute` on submit and puts what it returns (nodes) in the form's result region (a polite live
 * region, so the result is announced); a UserError or a failed request shows its message there instead,
 * and a UserError about a field also marks that field invalid with the message tied to it.
 */
export function calculator(formId, compute) {
  const form = document.getElementById(formId);
  const out = document.getElementById(`${formId}-resultado`);
  if (!form || !out) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearFieldError(form);
    out.setAttribute("aria-busy", "true");
    try {
      const nodes = await compute(form);
      out.replaceChildren(...nodes);
    } catch (err) {
      const message = err instanceof UserError ? err.message : "No se pudo consultar la API. Revisa tu conexión y vuelve a intentar.";
      if (!(err instanceof UserError)) console.warn(err);
      out.replaceChildren(el("p", { class: "error" }, message));
      if (err instanceof UserError && err.field) markFieldError(form, err.field, message);
    } finally {
      out.removeAttribute("aria-busy");
    }
  });
}

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

/** "2025-11-25" → "25 de noviembre de 2025". */
export function fmtDate(iso) {
  const [y, m, d] = iso.split("-").map(Number);
  return `${d} de ${MONTHS[m - 1]} de ${y}`;
}

/** "2026-08" → "agosto de 2026". */
export function fmtPeriod(period) {
  const [y, m] = period.split("-").map(Number);
  return `${MONTHS[m - 1]} de ${y}`;
}

/** An amount scaled by 10^decimals as the API reads it: digits and a point, no thousands separators (2000000n, 2 → "20000.00"). */
export const apiNumber = (value, decimals) => formatPlain(value, decimals);

function formatPlain(value, decimals) {
  const digits = value.toString().padStart(decimals + 1, "0");
  return decimals > 0 ? `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}` : digits;
}

/**
 * The same request to the API, as a curl line for the values entered: `path` below the API base and its
 * query parameters. The tests read it (#llamada-api) and check that the API answers what the page shows.
 */
export function curlLine(path, params = {}) {
  const query = new URLSearchParams(params).toString();
  const url = `${location.origin}${API}${path}${query ? `?${query}` : ""}`;
  return el("p", { class: "api-call" }, "La misma consulta en la API: ", el("code", { id: "llamada-api" }, `curl '${url}'`));
}

/** The UMA and minimum wage record of a year, or a message saying it is not published. */
export async function umaOf(year) {
  const record = await getJson(`/uma/${encodeURIComponent(year)}`);
  if (record === null) throw new UserError(`No hay UMA ni salario mínimo publicados para ${year}.`, "anio");
  return record;
}

/** The lines describing the ISR tariff row applied (`r` from isrCalculation), or why none applies (`below`). */
export function isrRowLines(r, below) {
  if (r === null) return [["Renglón", below]];
  return [
    ["Renglón", `del ${formatPesos(r.lower)} ${r.upper === null ? "en adelante" : `al ${formatPesos(r.upper)}`}`],
    ["Excedente del límite inferior", formatPesos(r.excess)],
    ["Tasa marginal", formatRateMicro(r.rateMicro)],
    ["Impuesto marginal", formatPesos(r.marginal)],
    ["Cuota fija", formatPesos(r.fixed)],
  ];
}
