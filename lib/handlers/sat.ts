// SAT catalog routes answered per request from the build's dumps: pedimento lookups and c_TasaOCuota.
import { notFound } from "../http-kit/errors.ts";
import { jsonBytes, type Handler } from "../http-kit/handler.ts";
import type { SatData } from "../datasets/sat-dumps.ts";

export function pedimentoHandler(data: () => SatData): Handler {
  return ({ pathValues }) => {
    const key = `${pathValues["aduana"]}/${pathValues["patente"]}/${pathValues["ejercicio"]}`;
    const body = data().pedimento(key);
    if (body === undefined) throw notFound(`No hay pedimentos autorizados para la aduana, patente y ejercicio ${key}.`);
    return { body };
  };
}

export function tasaOCuotaHandler(data: () => SatData): Handler {
  const text = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
  return ({ query }) => ({ body: jsonBytes(data().tasaOCuota(text(query["impuesto"]), text(query["factor"]))) });
}
