// Download of SAT's catalog workbooks: the Anexo 20 page and its newest catCFDI_V_4_*.xls, the Nómina page and its catNomina.xls, one CSV per sheet.
import { readFile, rm, writeFile } from "node:fs/promises";
import { CFDI_SHEETS } from "./sat-cfdi.ts";
import { NOMINA_SHEETS } from "./sat-nomina.ts";
import { rawFileOf, type Family } from "./sat.ts";
import { TASA_O_CUOTA_SHEET } from "./sat-tasa.ts";
import { baseUrl, FetchError, type Download, type Feed, type FetchContext, type FetchedFile } from "./types.ts";
import type { ConvertSpec } from "./workbook.ts";

/** c_TasaOCuota has no key: its header row is the one that starts with "Rango o Fijo". */
const TASA_SPEC: ConvertSpec = { sheet: TASA_O_CUOTA_SHEET, key: [{ header: "Rango o Fijo", field: "code", pattern: /^(Fijo|Rango)$/ }] };

/** Every sheet the build reads from the CFDI workbook, and from the Nómina workbook. */
export const FETCHED_SHEETS: readonly ConvertSpec[] = [...CFDI_SHEETS, TASA_SPEC];
export const NOMINA_FETCHED_SHEETS: readonly ConvertSpec[] = NOMINA_SHEETS;

/** The sheets' title and version rows, written beside the CSVs when they are converted from the workbook. */
export const SAT_VERSION_FILE = "sat/catCFDI/version.txt";
export const NOMINA_VERSION_FILE = "sat/catNomina/version.txt";

interface Book {
  family: Family;
  /** Path of the publisher's page on the SAT host. */
  pagePath: string;
  /** What the workbook's file name starts with on that page. */
  prefix: string;
  specs: readonly ConvertSpec[];
  versionFile: string;
  title: string;
  /** The page as the messages name it ("del Anexo 20"). */
  pageName: string;
  rawFiles: string[];
}

function book(
  family: Family,
  pagePath: string,
  prefix: string,
  specs: readonly ConvertSpec[],
  versionFile: string,
  title: string,
  pageName: string,
): Book {
  const rawFiles = [...specs.map((s) => rawFileOf({ family, sheet: s.sheet })), versionFile];
  return { family, pagePath, prefix, specs, versionFile, title, pageName, rawFiles };
}

const BOOKS: readonly Book[] = [
  book(
    "cfdi",
    "/tramitesyservicios/Paginas/anexo_20.htm",
    "catCFDI_V_4_",
    FETCHED_SHEETS,
    SAT_VERSION_FILE,
    "Catálogos CFDI 4.0 (SAT, Anexo 20)",
    "del Anexo 20",
  ),
  book(
    "nomina",
    "/tramitesyservicios/Paginas/complemento_nomina.htm",
    "catNomina",
    NOMINA_FETCHED_SHEETS,
    NOMINA_VERSION_FILE,
    "Catálogos del complemento de Nómina 1.2 (SAT)",
    "del complemento de Nómina",
  ),
];

/** The newest <prefix><date>.xls linked from a page (absolute URL), or null. Pure. */
export function findWorkbookLink(html: string, pageUrl: string, prefix = "catCFDI_V_4_"): string | null {
  const links: { url: string; stamp: string }[] = [];
  const name = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const m of html.matchAll(new RegExp(`href\\s*=\\s*["']([^"']*?${name}([^"'/?#]*?)\\.xls)(?:[?#][^"']*)?["']`, "gi"))) {
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

/** Page → newest workbook (conditional on the last one fetched) → its CSVs and version.txt, or null when unchanged. */
async function fetchBook(ctx: FetchContext, b: Book): Promise<{ files: FetchedFile[]; link: string } | { unchanged: string }> {
  const pageUrl = `${baseUrl(ctx.env, "FISCAL_SAT_URL", "http://omawww.sat.gob.mx")}${b.pagePath}`;
  const page = await ctx.download({ url: pageUrl, publicUrl: pageUrl, kind: "html", beside: b.versionFile });
  if (page.status !== "downloaded") throw new FetchError(`la página ${b.pageName} no llegó (${pageUrl})`);
  const html = await readFile(page.path, "latin1");
  await rm(page.path, { force: true });
  const link = findWorkbookLink(html, pageUrl, b.prefix);
  if (link === null) throw new FetchError(`la página ${b.pageName} no enlaza ningún libro ${b.prefix}*.xls (${pageUrl})`);
  const got: Download = await ctx.download({ url: link, publicUrl: link, kind: "xls", beside: b.versionFile, conditionalFor: b.rawFiles });
  if (got.status === "unchanged") return { unchanged: link };
  // Loaded only here: the workbook reader is large and the build never needs it.
  const { workbookToCsvs, versionText } = await import("./workbook.ts");
  const sheets = workbookToCsvs(await readFile(got.path), decodeURIComponent(link.slice(link.lastIndexOf("/") + 1)), b.specs);
  await rm(got.path, { force: true });
  const files: FetchedFile[] = [];
  const put = async (rawFile: string, text: string): Promise<void> => {
    const tempPath = ctx.tempPath(rawFile);
    await writeFile(tempPath, text, { flag: "wx" });
    files.push({ rawFile, tempPath, publicUrl: link, etag: got.etag, lastModified: got.lastModified });
  };
  for (const sheet of sheets) await put(rawFileOf({ family: b.family, sheet: sheet.sheet }), sheet.csv);
  await put(b.versionFile, versionText(b.title, sheets, link));
  return { files, link };
}

/** Both workbooks; a book the publisher reports unchanged keeps its files, the other's are judged as usual. */
export const satFeed: Feed = {
  id: "sat",
  publisher: "SAT (Anexo 20 y complemento de Nómina)",
  rawFiles: BOOKS.flatMap((b) => b.rawFiles),
  async fetch(ctx) {
    const files: FetchedFile[] = [];
    const unchanged: string[] = [];
    for (const b of BOOKS) {
      const got = await fetchBook(ctx, b);
      if ("unchanged" in got) unchanged.push(got.unchanged);
      else files.push(...got.files);
    }
    if (files.length === 0) return { status: "unchanged", publicUrl: unchanged.join(", ") };
    return { status: "fetched", files };
  },
};
