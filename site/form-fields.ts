// Labelled form controls for the calculators: every input has a label, hints are tied to it with aria-describedby.
import { esc } from "./html.ts";

/** Prefix of every control id: one calculator per page, whose form is #calc. */
const FORM = "calc";

export interface FieldOptions {
  hint?: string;
  value?: string;
  placeholder?: string;
  /** Extra attributes, already escaped (min, max, …). */
  attrs?: string;
}

function described(name: string, hint: string | undefined): { hintHtml: string; aria: string } {
  if (!hint) return { hintHtml: "", aria: "" };
  return {
    hintHtml: `<span class="hint" id="${FORM}-${name}-ayuda">${esc(hint)}</span>`,
    aria: ` aria-describedby="${FORM}-${name}-ayuda"`,
  };
}

/** A text field for an amount or a code; `decimal` shows the numeric keyboard on a phone. */
export function textField(name: string, label: string, o: FieldOptions & { decimal?: boolean; optional?: boolean } = {}): string {
  const { hintHtml, aria } = described(name, o.hint);
  return (
    `<div class="field"><label for="${FORM}-${name}">${esc(label)}</label>${hintHtml}` +
    `<input id="${FORM}-${name}" name="${name}" type="text"${o.decimal ? ' inputmode="decimal"' : ""} autocomplete="off" spellcheck="false"` +
    `${o.value ? ` value="${esc(o.value)}"` : ""}${o.placeholder ? ` placeholder="${esc(o.placeholder)}"` : ""}${aria}${o.attrs ? ` ${o.attrs}` : ""}${o.optional ? "" : " required"}></div>`
  );
}

/** A native date or month picker (keyboard-operable, with the browser's own calendar). */
export function dateField(name: string, label: string, type: "date" | "month", o: FieldOptions = {}): string {
  const { hintHtml, aria } = described(name, o.hint);
  return (
    `<div class="field"><label for="${FORM}-${name}">${esc(label)}</label>${hintHtml}` +
    `<input id="${FORM}-${name}" name="${name}" type="${type}"${o.value ? ` value="${esc(o.value)}"` : ""}${aria}${o.attrs ? ` ${o.attrs}` : ""} required></div>`
  );
}

export function selectField(name: string, label: string, options: [string, string][], selected: string, hint?: string): string {
  const { hintHtml, aria } = described(name, hint);
  const opts = options.map(([v, l]) => `<option value="${esc(v)}"${v === selected ? " selected" : ""}>${esc(l)}</option>`).join("");
  return `<div class="field"><label for="${FORM}-${name}">${esc(label)}</label>${hintHtml}<select id="${FORM}-${name}" name="${name}"${aria}>${opts}</select></div>`;
}

export function radioField(name: string, legend: string, options: [string, string][], checked: string): string {
  const items = options
    .map(
      ([v, l], i) =>
        `<div class="choice"><input type="radio" id="${FORM}-${name}-${i}" name="${name}" value="${esc(v)}"${v === checked ? " checked" : ""}>` +
        `<label for="${FORM}-${name}-${i}">${esc(l)}</label></div>`,
    )
    .join("");
  return `<fieldset><legend>${esc(legend)}</legend>${items}</fieldset>`;
}

/** The form, its submit button and the live region where the result appears. */
export function calcForm(fields: string[], button = "Calcular"): string {
  return (
    `<form id="${FORM}" class="calc" novalidate>${fields.join("")}<button type="submit">${esc(button)}</button>` +
    `<noscript><p>Esta calculadora necesita JavaScript para consultar la API.</p></noscript>` +
    `<div id="${FORM}-resultado" class="result" aria-live="polite"></div></form>`
  );
}

/** Data for the page's script, in a JSON block the browser never executes. */
export const jsonBlock = (id: string, value: unknown): string =>
  `<script type="application/json" id="${esc(id)}">${JSON.stringify(value).replace(/</g, "\\u003c")}</script>`;

export const yearOptions = (years: number[]): [string, string][] => [...years].sort((a, b) => b - a).map((y) => [String(y), String(y)]);
