// The findings every CFDI pre-check answers with: one per rule, with its catalog column and, where one exists, SAT's error code.

/**
 * One rule's verdict. `passed` is null for a requirement these inputs cannot show met or broken
 * (a complement the product key asks for, a tax the concept's other lines must carry).
 */
export interface Finding {
  rule: string;
  passed: boolean | null;
  /** The CFDI 4.0 attribute the rule is about, as Anexo 20 names it. */
  field: string;
  message: string;
  /** The catalog sheet and column the rule reads; null for rules of the RFC's structure. */
  catalog: string | null;
  column: string | null;
  /** The code of Anexo 20's matriz de errores (CFDI40xxx) for this rule; null where the matrix has none. */
  satCode: string | null;
}

/** A check of SAT's that needs data only SAT holds: named so a passed pre-check is not taken for a stamped invoice. */
export interface NotChecked {
  what: string;
  satCode: string | null;
}

export interface CheckResult {
  /** False when any finding failed; findings with `passed: null` do not make it false. */
  passed: boolean;
  /** The date the vigencias were read at (YYYY-MM-DD). */
  date: string;
  findings: Finding[];
  notChecked: NotChecked[];
}

/** A catalog entry as the build's dumps publish it: code, description, vigencia and the sheet's own columns. */
export interface CatalogRecord {
  code: string;
  description: string;
  validFrom: string | null;
  validTo: string | null;
  [column: string]: unknown;
}

/** Whether an entry is in force on `date`: on or after its start and on or before its end (both inclusive). */
export const inForce = (e: { validFrom: string | null; validTo: string | null }, date: string): boolean =>
  (e.validFrom === null || e.validFrom <= date) && (e.validTo === null || date <= e.validTo);

/** The vigencia of an entry in words. */
function vigencia(e: { validFrom: string | null; validTo: string | null }): string {
  if (e.validFrom !== null && e.validTo !== null) return `del ${e.validFrom} al ${e.validTo}`;
  if (e.validTo !== null) return `hasta el ${e.validTo}`;
  return e.validFrom !== null ? `desde el ${e.validFrom}` : "sin fechas de vigencia";
}

/** Where a code is looked up, for the findings about its existence and vigencia. */
export interface CodeSource {
  /** The CFDI attribute. */
  field: string;
  /** The catalog sheet (c_UsoCFDI …) and the column of its code. */
  catalog: string;
  /** The matrix code of "no contiene un valor del catálogo". */
  satCode: string | null;
  /** The rule ids: `${prefix}-catalogo` and `${prefix}-vigencia`. */
  prefix: string;
}

/**
 * The findings of one code: that it is in the catalog (with the matrix code), then that it is in force
 * on the date. The entry when it exists, in force or not (the rules that read its columns still say what
 * they say); null when it does not.
 */
export function lookupCode(
  out: Finding[],
  source: CodeSource,
  code: string,
  entries: ReadonlyMap<string, CatalogRecord>,
  date: string,
): CatalogRecord | null {
  const entry = entries.get(code);
  const base = { field: source.field, catalog: source.catalog, column: source.catalog };
  if (entry === undefined) {
    const hint = entries.has(code.toUpperCase()) ? ` ¿Quiso decir «${code.toUpperCase()}»? Las claves van en mayúsculas.` : "";
    out.push({
      rule: `${source.prefix}-catalogo`,
      passed: false,
      ...base,
      message: `La clave «${code}» no existe en el catálogo ${source.catalog}.${hint}`,
      satCode: source.satCode,
    });
    return null;
  }
  out.push({
    rule: `${source.prefix}-catalogo`,
    passed: true,
    ...base,
    message: `${code} (${entry.description}) está en el catálogo ${source.catalog}.`,
    satCode: source.satCode,
  });
  const ok = inForce(entry, date);
  out.push({
    rule: `${source.prefix}-vigencia`,
    passed: ok,
    field: source.field,
    catalog: source.catalog,
    column: "Fecha inicio de vigencia, Fecha fin de vigencia",
    message: ok
      ? `${code} está vigente el ${date} (vigencia ${vigencia(entry)}).`
      : `${code} no está vigente el ${date}: su vigencia es ${vigencia(entry)}.`,
    satCode: null,
  });
  return entry;
}

export function result(date: string, findings: Finding[], notChecked: NotChecked[]): CheckResult {
  return { passed: findings.every((f) => f.passed !== false), date, findings, notChecked };
}
