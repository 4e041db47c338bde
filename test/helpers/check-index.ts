// The pre-checks' indexes from the real snapshot's raw sheets, through the same parsers and record shapes as the build's dumps.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { CheckIndex, type CheckCatalog } from "../../lib/cfdi-check/catalogs.ts";
import type { CatalogRecord } from "../../lib/cfdi-check/findings.ts";
import { catalogList, tasaOCuotaRecord } from "../../lib/datasets/records.ts";
import { linkUsoRegimen } from "../../sources/sat-links.ts";
import { satCatalog, tasaOCuota } from "../../sources/sat.ts";
import { RAW_DIR } from "./tree.ts";

const entries = (id: CheckCatalog) => {
  const source = satCatalog(id);
  return source.parse(readFileSync(join(RAW_DIR, source.rawFile), "utf8"), source.rawFile);
};

/** Each catalog as its dump publishes it (c_RegimenFiscal with usosPermitidos), and the c_TasaOCuota rules. */
export function rawCheckIndex(): CheckIndex {
  const linked = linkUsoRegimen(entries("uso"), entries("regimen"), satCatalog("uso").rawFile).regimenes;
  const read = (id: CheckCatalog): CatalogRecord[] =>
    catalogList(id, id === "regimen" ? linked : entries(id)) as unknown as CatalogRecord[];
  const rules = tasaOCuota.parse(readFileSync(join(RAW_DIR, tasaOCuota.rawFile), "utf8"), tasaOCuota.rawFile).map(tasaOCuotaRecord);
  return new CheckIndex(read, rules);
}
