// Columns that join two CFDI sheets: c_UsoCFDI's "Régimen Fiscal Receptor" checked against c_RegimenFiscal, and its inverse on each régimen.
import type { CatalogEntry } from "./sat-sheet.ts";
import type { CheckFailure } from "./types.ts";

const USO_REGIMEN_CHECK = "c_UsoCFDI-regimenes-existen";

const regimenesOf = (uso: CatalogEntry): string[] => (uso.extras["regimenesReceptor"] as string[] | undefined) ?? [];

/**
 * Every régimen an uso names must be a c_RegimenFiscal code (a failure names the uso's row); each régimen
 * gets `usosPermitidos`, the usos that name it, in code order. Pure: new régimen entries, inputs untouched.
 */
export function linkUsoRegimen(
  usos: readonly CatalogEntry[],
  regimenes: readonly CatalogEntry[],
  usoFile: string,
): { regimenes: CatalogEntry[]; failures: CheckFailure[] } {
  const known = new Set(regimenes.map((r) => r.code));
  const failures: CheckFailure[] = [];
  const byRegimen = new Map<string, string[]>();
  for (const uso of usos) {
    for (const code of regimenesOf(uso)) {
      if (!known.has(code)) {
        failures.push({
          check: USO_REGIMEN_CHECK,
          file: usoFile,
          row: uso.row,
          message: `el uso ${uso.code} nombra el régimen ${code}, que no está en c_RegimenFiscal`,
        });
        continue;
      }
      byRegimen.set(code, [...(byRegimen.get(code) ?? []), uso.code]);
    }
  }
  const linked = regimenes.map((r) => ({ ...r, extras: { ...r.extras, usosPermitidos: (byRegimen.get(r.code) ?? []).sort() } }));
  return { regimenes: linked, failures };
}
