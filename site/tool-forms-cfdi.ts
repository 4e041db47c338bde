// The form of the CFDI receptor check: the RFC typed, the régimen and the uso picked from the catalogs in force on the build's date.
import { inForce } from "../lib/cfdi-check/findings.ts";
import type { SiteContext } from "./context.ts";
import { calcForm, selectField, textField } from "./form-fields.ts";

/** A catalog's codes in force on the build's date, as select options "612 · Personas Físicas con …". */
function options(ctx: SiteContext, id: "regimen" | "uso"): [string, string][] {
  return ctx.data.catalogs[id]
    .filter((e) => inForce(e, ctx.asOf))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((e) => [e.code, `${e.code} · ${e.description}`]);
}

export function receptorForm(ctx: SiteContext): string {
  return calcForm(
    [
      textField("rfc", "RFC del receptor", {
        placeholder: "GODE561231GR8",
        hint: "13 caracteres para persona física, 12 para persona moral; XAXX010101000 para público en general.",
        attrs: 'autocapitalize="characters" maxlength="20"',
      }),
      selectField(
        "regimen",
        "Régimen fiscal del receptor",
        options(ctx, "regimen"),
        "612",
        "El que aparece en su Constancia de Situación Fiscal.",
      ),
      selectField("uso", "Uso del CFDI", options(ctx, "uso"), "G03"),
    ],
    "Revisar",
  );
}
