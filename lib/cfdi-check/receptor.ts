// The receptor pre-check: the RFC's structure and person type, the régimen and the uso for them, generic RFCs, each code on the date.
import { validateRfc } from "../../core/rfc.ts";
import type { CheckIndex } from "./catalogs.ts";
import { inForce, lookupCode, result, type CatalogRecord, type CheckResult, type Finding, type NotChecked } from "./findings.ts";

export interface ReceptorInput {
  rfc: string;
  regimen: string;
  uso: string;
  date: string;
}

type Persona = "fisica" | "moral";

/** The generic RFCs of Anexo 20: público en general and residentes en el extranjero; both must carry régimen 616. */
const GENERIC_RFCS: ReadonlyMap<string, string> = new Map([
  ["XAXX010101000", "público en general"],
  ["XEXX010101000", "residente en el extranjero"],
]);
const GENERIC_REGIMEN = "616";

const RECEPTOR_NOT_CHECKED: readonly NotChecked[] = [
  { what: "Que el RFC esté inscrito y no cancelado en el SAT (lista de RFC inscritos, no pública).", satCode: "CFDI40143" },
  { what: "Que el nombre del receptor sea el registrado para ese RFC.", satCode: "CFDI40145" },
  { what: "Que el código postal del domicilio fiscal sea el registrado para ese RFC.", satCode: "CFDI40148" },
  {
    what: "Que el régimen sea el que tiene el RFC en su Constancia de Situación Fiscal (aquí solo se revisa que corresponda al tipo de persona).",
    satCode: null,
  },
];

const PERSONA_COLUMN = { fisica: "Física", moral: "Moral" } as const;
const PERSONA_WORDS = { fisica: "persona física", moral: "persona moral" } as const;
const appliesTo = (e: CatalogRecord, p: Persona): boolean => (p === "fisica" ? e["personaFisica"] : e["personaMoral"]) === true;
const regimenesOf = (uso: CatalogRecord): readonly string[] => (uso["regimenesReceptor"] as string[] | undefined) ?? [];

/** An uso the receptor may receive, as the answer lists it. */
interface AllowedUso {
  code: string;
  description: string;
}

export interface ReceptorResult extends CheckResult {
  /** The person type the RFC's structure gives; null when the RFC is not well formed. */
  persona: Persona | null;
  /** The usos in force on the date that c_UsoCFDI allows for the person type and the régimen. */
  allowedUsos: AllowedUso[];
}

/**
 * The usos in force on `date` allowed for a person type and a régimen (either may be unknown: then
 * only the other narrows the list), in catalog order.
 */
function allowedUsos(index: CheckIndex, persona: Persona | null, regimen: string | null, date: string): AllowedUso[] {
  const out: AllowedUso[] = [];
  for (const u of index.catalog("uso").values()) {
    if (!inForce(u, date)) continue;
    if (persona !== null && !appliesTo(u, persona)) continue;
    if (regimen !== null && !regimenesOf(u).includes(regimen)) continue;
    out.push({ code: u.code, description: u.description });
  }
  return out;
}

/**
 * The usos the receptor may receive: with a generic RFC those of régimen 616 (the only one it may carry);
 * none when the régimen does not apply to the RFC's person type (no uso can pass then).
 */
function usosFor(
  index: CheckIndex,
  persona: Persona | null,
  generic: string | undefined,
  regimen: CatalogRecord | null,
  date: string,
): AllowedUso[] {
  if (generic !== undefined) return allowedUsos(index, persona, GENERIC_REGIMEN, date);
  if (regimen !== null && persona !== null && !appliesTo(regimen, persona)) return [];
  return allowedUsos(index, persona, regimen?.code ?? null, date);
}

function rfcFindings(out: Finding[], rfc: string): { persona: Persona | null; generic: string | undefined } {
  const v = validateRfc(rfc);
  const normalized = rfc.trim().toUpperCase();
  const generic = v.valid ? GENERIC_RFCS.get(normalized) : undefined;
  out.push({
    rule: "rfc-estructura",
    passed: v.valid,
    field: "Receptor/Rfc",
    message:
      v.valid && v.type !== null
        ? `${v.message} Tipo de persona: ${PERSONA_WORDS[v.type]}.`
        : `${v.message} Sin un RFC bien formado no se sabe el tipo de persona.`,
    catalog: null,
    column: null,
    satCode: null,
  });
  return { persona: v.valid ? v.type : null, generic };
}

function regimenFindings(out: Finding[], regimen: CatalogRecord, persona: Persona | null, generic: string | undefined): void {
  if (persona !== null) {
    const ok = appliesTo(regimen, persona);
    out.push({
      rule: "regimen-persona",
      passed: ok,
      field: "Receptor/RegimenFiscalReceptor",
      message: ok
        ? `El régimen ${regimen.code} aplica a ${PERSONA_WORDS[persona]}.`
        : `El régimen ${regimen.code} (${regimen.description}) no aplica a ${PERSONA_WORDS[persona]}, que es lo que indica el RFC.`,
      catalog: "c_RegimenFiscal",
      column: PERSONA_COLUMN[persona],
      satCode: "CFDI40158",
    });
  }
  if (generic !== undefined) {
    const ok = regimen.code === GENERIC_REGIMEN;
    out.push({
      rule: "regimen-rfc-generico",
      passed: ok,
      field: "Receptor/RegimenFiscalReceptor",
      message: ok
        ? `Con el RFC genérico de ${generic} el régimen es ${GENERIC_REGIMEN}, como se requiere.`
        : `Con el RFC genérico de ${generic} el régimen debe ser ${GENERIC_REGIMEN} (Sin obligaciones fiscales), no ${regimen.code}.`,
      catalog: "c_RegimenFiscal",
      column: "c_RegimenFiscal",
      satCode: "CFDI40159",
    });
  }
}

function usoFindings(out: Finding[], uso: CatalogRecord, persona: Persona | null, regimen: string): void {
  if (persona !== null) {
    const ok = appliesTo(uso, persona);
    out.push({
      rule: "uso-persona",
      passed: ok,
      field: "Receptor/UsoCFDI",
      message: ok
        ? `El uso ${uso.code} aplica a ${PERSONA_WORDS[persona]}.`
        : `El uso ${uso.code} (${uso.description}) no aplica a ${PERSONA_WORDS[persona]}.`,
      catalog: "c_UsoCFDI",
      column: PERSONA_COLUMN[persona],
      satCode: "CFDI40161",
    });
  }
  const allowed = regimenesOf(uso);
  const ok = allowed.includes(regimen);
  out.push({
    rule: "uso-regimen",
    passed: ok,
    field: "Receptor/UsoCFDI",
    message: ok
      ? `El uso ${uso.code} se permite con el régimen ${regimen}.`
      : `El uso ${uso.code} (${uso.description}) no se permite con el régimen ${regimen}; solo con ${allowed.join(", ")}.`,
    catalog: "c_UsoCFDI",
    column: "Régimen Fiscal Receptor",
    satCode: "CFDI40161",
  });
}

export function checkReceptor(index: CheckIndex, input: ReceptorInput): ReceptorResult {
  const out: Finding[] = [];
  const { persona, generic } = rfcFindings(out, input.rfc);
  const regimenSource = { field: "Receptor/RegimenFiscalReceptor", catalog: "c_RegimenFiscal", satCode: "CFDI40157", prefix: "regimen" };
  const regimen = lookupCode(out, regimenSource, input.regimen, index.catalog("regimen"), input.date);
  if (regimen !== null) regimenFindings(out, regimen, persona, generic);
  const usoSource = { field: "Receptor/UsoCFDI", catalog: "c_UsoCFDI", satCode: "CFDI40160", prefix: "uso" };
  const uso = lookupCode(out, usoSource, input.uso, index.catalog("uso"), input.date);
  if (uso !== null) usoFindings(out, uso, persona, input.regimen);
  return {
    ...result(input.date, out, [...RECEPTOR_NOT_CHECKED]),
    persona,
    allowedUsos: usosFor(index, persona, generic, regimen, input.date),
  };
}
