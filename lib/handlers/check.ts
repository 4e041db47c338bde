// GET /cfdi/validar/{receptor,concepto,comprobante}: the pre-checks over the in-memory catalog indexes; 200 whatever the verdict.
import { todayInMexicoCity } from "../../core/dates.ts";
import { CHECK_CATALOGS, CheckIndex, type CheckCatalog, type TasaRecord } from "../cfdi-check/catalogs.ts";
import { validateCfdi } from "../cfdi-check/cfdi.ts";
import { checkComprobante } from "../cfdi-check/comprobante.ts";
import { checkConcepto, type TaxLine } from "../cfdi-check/concepto.ts";
import type { CatalogRecord } from "../cfdi-check/findings.ts";
import { checkReceptor } from "../cfdi-check/receptor.ts";
import { CfdiXmlError, readCfdi } from "../cfdi-check/xml.ts";
import { dumpPath } from "../routes/routes.ts";
import { badRequest } from "../http-kit/errors.ts";
import { jsonBytes, keptAnswers, queryKey, type Handler } from "../http-kit/handler.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { SatData } from "../datasets/sat-dumps.ts";

/** The dumps the checks read: each catalog's and the c_TasaOCuota rules (a Netlify function fetches these). */
export const CHECK_DUMPS: readonly string[] = [
  ...CHECK_CATALOGS.map((id) => dumpPath(`cfdi-${id}`, "json")),
  dumpPath("cfdi-tasa-o-cuota", "json"),
];

/** The indexes from a reader of the dumps' parsed JSON. */
export function checkIndexFrom(json: <T>(path: string) => T): CheckIndex {
  const read = (id: CheckCatalog): readonly CatalogRecord[] => json<CatalogRecord[]>(dumpPath(`cfdi-${id}`, "json"));
  return new CheckIndex(read, json<TasaRecord[]>(dumpPath("cfdi-tasa-o-cuota", "json")));
}

/** The indexes over the dumps `data` reads, built once. */
export const checkIndexOf = (data: SatData): CheckIndex => data.once("checks", () => checkIndexFrom((path) => data.json(path)));

const text = (query: QueryValues, name: string): string | undefined => {
  const v = query[name];
  return typeof v === "string" ? v : undefined;
};
/** Required parameters are checked by the API app; here they are only read. */
const given = (query: QueryValues, name: string): string => text(query, name) ?? "";
const dateOf = (query: QueryValues, now: number): string => text(query, "fecha") ?? todayInMexicoCity(new Date(now));

/** The tax line, when any of its parameters is given: impuesto, factor and tipo go together (tasaOCuota is absent with Exento). */
function taxLine(query: QueryValues): TaxLine | undefined {
  const names = ["impuesto", "factor", "tipo", "tasaOCuota"];
  if (!names.some((n) => query[n] !== undefined)) return undefined;
  const missing = ["impuesto", "factor", "tipo"].filter((n) => query[n] === undefined);
  if (missing.length > 0) {
    throw badRequest(
      `Una línea de impuesto necesita impuesto, factor y tipo juntos; falta${missing.length > 1 ? "n" : ""} ${missing.join(" y ")}.`,
    );
  }
  return {
    impuesto: given(query, "impuesto"),
    factor: given(query, "factor"),
    tipo: given(query, "tipo") === "retencion" ? "retencion" : "traslado",
    tasaOCuota: text(query, "tasaOCuota"),
  };
}

/** A check is a pure function of its inputs and date: each answer is kept (2,048 per route, ~3 KB each). */
function memoized(names: readonly string[], compute: (query: QueryValues, date: string) => unknown): Handler {
  const answer = keptAnswers(2048);
  return ({ query, now }) => {
    const date = dateOf(query, now);
    return answer(queryKey(names, query, date), () => compute(query, date));
  };
}

/** POST /cfdi/validar: the XML read safely (its mistakes are 400s in Spanish) and checked whole; nothing is kept. */
function xmlHandler(index: () => CheckIndex): Handler {
  return ({ body, now }) => {
    if (body?.media !== "xml") throw badRequest("Envíe el XML del CFDI 4.0 en el cuerpo de una solicitud POST.");
    let doc: ReturnType<typeof readCfdi>;
    try {
      doc = readCfdi(body.text);
    } catch (e) {
      if (e instanceof CfdiXmlError) throw badRequest(e.message);
      throw e;
    }
    return { body: jsonBytes(validateCfdi(index(), doc, todayInMexicoCity(new Date(now)))) };
  };
}

export function checkHandlers(
  index: () => CheckIndex,
): Record<"cfdiCheckReceptor" | "cfdiCheckConcepto" | "cfdiCheckComprobante" | "cfdiCheckXml", Handler> {
  return {
    cfdiCheckXml: xmlHandler(index),
    cfdiCheckReceptor: memoized(["rfc", "regimen", "uso"], (query, date) =>
      checkReceptor(index(), { rfc: given(query, "rfc"), regimen: given(query, "regimen"), uso: given(query, "uso"), date }),
    ),
    cfdiCheckConcepto: memoized(
      ["claveProdServ", "claveUnidad", "objetoImp", "impuesto", "factor", "tasaOCuota", "tipo"],
      (query, date) => {
        const tax = taxLine(query);
        return checkConcepto(index(), {
          claveProdServ: given(query, "claveProdServ"),
          claveUnidad: given(query, "claveUnidad"),
          objetoImp: given(query, "objetoImp"),
          taxes: tax === undefined ? [] : [tax],
          allTaxes: tax === undefined,
          date,
        });
      },
    ),
    cfdiCheckComprobante: memoized(["tipo", "metodoPago", "formaPago", "moneda", "tipoCambio", "total", "exportacion"], (query, date) =>
      checkComprobante(index(), {
        tipo: given(query, "tipo"),
        metodoPago: text(query, "metodoPago"),
        formaPago: text(query, "formaPago"),
        moneda: given(query, "moneda"),
        tipoCambio: text(query, "tipoCambio"),
        total: text(query, "total"),
        exportacion: given(query, "exportacion"),
        date,
      }),
    ),
  };
}
