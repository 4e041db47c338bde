// The workbooks for spreadsheets: one per family of datasets, each entry of the registry naming the one it goes in.
import { DUMPS_DIR } from "./dump-paths.ts";

export const WORKBOOK_FAMILIES = ["series", "tablas-anuales", "catalogos-cfdi", "catalogos-nomina"] as const;
export type WorkbookFamily = (typeof WORKBOOK_FAMILIES)[number];
export const workbookPath = (family: WorkbookFamily): string => `${DUMPS_DIR}/${family}.xlsx`;
