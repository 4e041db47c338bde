// The offline copies on the reference page: the SQLite file and the workbooks, each with its size.
import { SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath, type WorkbookFamily } from "../lib/routes/routes.ts";
import type { SiteContext } from "./context.ts";
import { fmtNumber } from "./format.ts";
import { esc } from "./html.ts";

const WORKBOOK_TITLES: Record<WorkbookFamily, string> = {
  series: "Series diarias y mensuales: FIX, UDI, TIIE a 28 días, TIIE de fondeo e INPC",
  "tablas-anuales": "Tablas anuales: UMA, salario mínimo y cuotas, tarifas de ISR",
  "catalogos-cfdi": "Catálogos del CFDI 4.0, una hoja por catálogo",
  "catalogos-nomina": "Catálogos del complemento de nómina 1.2",
};

function link(ctx: SiteContext, path: string, title: string): string {
  const bytes = ctx.downloadSizes.get(path);
  const size = bytes === undefined ? "" : ` <span class="hint">(${fmtNumber(bytes / 1e6, 1)} MB)</span>`;
  return `<li><a href="${esc(path)}" download><code>${esc(path.split("/").at(-1) ?? path)}</code></a>: ${esc(title)}${size}</li>`;
}

/** Which file is for which use: the database for programs, the workbooks for Excel, the CSV for other programs. */
export function offlineDownloads(ctx: SiteContext): string {
  return (
    `<p>Para usar los datos sin conexión:</p><ul>` +
    link(
      ctx,
      SQLITE_DUMP,
      "todos los conjuntos en una base SQLite, una tabla por conjunto, con búsqueda de texto completo sin acentos en claves de producto y unidades (tablas clave_prod_serv_fts y clave_unidad_fts) y la procedencia de cada tabla en la tabla datasets",
    ) +
    WORKBOOK_FAMILIES.map((f) =>
      link(ctx, workbookPath(f), `${WORKBOOK_TITLES[f]}; para Excel: las claves conservan sus ceros y las fechas son fechas`),
    ).join("") +
    `</ul><p>Los CSV son para programas: Excel los abre con los acentos rotos y quita los ceros a la izquierda de las claves (01 se vuelve 1); en Excel, abra los libros .xlsx.</p>`
  );
}
