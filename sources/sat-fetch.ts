// Download of SAT's catalog workbook: the Anexo 20 page, its newest catCFDI_V_4_*.xls, converted to one CSV per sheet.
import { readFile, rm, writeFile } from "node:fs/promises";
import { catalogSpec, rawFileOf, type CatalogId } from "./sat.ts";
import { baseUrl, FetchError, type Feed, type FetchedFile } from "./types.ts";

/** The sheets the fetch converts from the CFDI workbook (the build reads more; those are kept as committed). */
const FETCHED: readonly CatalogId[] = ["uso", "forma-pago", "metodo-pago", "regimen", "tipo-comprobante", "moneda", "clave-prod-serv"];
export const FETCHED_SHEETS = FETCHED.map(catalogSpec);

/** The sheets' title and version rows, written beside the CSVs when they are converted from the workbook. */
export const SAT_VERSION_FILE = "sat/catCFDI/version.txt";
export const NOMINA_VERSION_FILE = "sat/catNomina/version.txt";
const SAT_RAW_FILES = [...FETCHED_SHEETS.map(rawFileOf), SAT_VERSION_FILE];
const ANEXO_20_PATH = "/tramitesyservicios/Paginas/anexo_20.htm";

/** The newest catCFDI_V_4_<date>.xls linked from the Anexo 20 page (absolute URL), or null. Pure. */
export function findWorkbookLink(html: string, pageUrl: string): string | null {
  const links: { url: string; stamp: string }[] = [];
  for (const m of html.matchAll(/href\s*=\s*["']([^"']*?catCFDI_V_4_([^"'/?#]*?)\.xls)(?:[?#][^"']*)?["']/gi)) {
    const href = m[1]!.replace(/&amp;/g, "&").trim();
    try {
      links.push({ url: new URL(href, pageUrl).href, stamp: m[2]!.replace(/\D/g, "") });
    } catch {
      // A malformed href is not the workbook.
    }
  }
  // Names carry the publication date (catCFDI_V_4_20250715.xls): the largest is the current one.
  links.sort((a, b) => a.stamp.length - b.stamp.length || (a.stamp < b.stamp ? -1 : a.stamp > b.stamp ? 1 : 0));
  return links.at(-1)?.url ?? null;
}

/** Anexo 20 page → newest workbook (conditional on the last one fetched) → the CSVs and version.txt. */
export const satFeed: Feed = {
  id: "sat",
  publisher: "SAT (Anexo 20, catálogos CFDI 4.0)",
  rawFiles: SAT_RAW_FILES,
  async fetch(ctx) {
    const pageUrl = `${baseUrl(ctx.env, "FISCAL_SAT_URL", "http://omawww.sat.gob.mx")}${ANEXO_20_PATH}`;
    const page = await ctx.download({ url: pageUrl, publicUrl: pageUrl, kind: "html", beside: SAT_VERSION_FILE });
    if (page.status !== "downloaded") throw new FetchError(`la página del Anexo 20 no llegó (${pageUrl})`);
    const html = await readFile(page.path, "latin1");
    await rm(page.path, { force: true });
    const link = findWorkbookLink(html, pageUrl);
    if (link === null) throw new FetchError(`la página del Anexo 20 no enlaza ningún libro catCFDI_V_4_*.xls (${pageUrl})`);
    const book = await ctx.download({ url: link, publicUrl: link, kind: "xls", beside: SAT_VERSION_FILE, conditionalFor: SAT_RAW_FILES });
    if (book.status === "unchanged") return { status: "unchanged", publicUrl: link };
    // Loaded only here: the workbook reader is large and the build never needs it.
    const { workbookToCsvs, versionText } = await import("./workbook.ts");
    const sheets = workbookToCsvs(await readFile(book.path), decodeURIComponent(link.slice(link.lastIndexOf("/") + 1)), FETCHED_SHEETS);
    await rm(book.path, { force: true });
    const files: FetchedFile[] = [];
    const put = async (rawFile: string, text: string): Promise<void> => {
      const tempPath = ctx.tempPath(rawFile);
      await writeFile(tempPath, text, { flag: "wx" });
      files.push({ rawFile, tempPath, publicUrl: link, etag: book.etag, lastModified: book.lastModified });
    };
    for (const sheet of sheets) await put(`sat/catCFDI/${sheet.sheet}.csv`, sheet.csv);
    await put(SAT_VERSION_FILE, versionText(sheets, link));
    return { status: "fetched", files };
  },
};
