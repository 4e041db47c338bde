// Reads a publisher's JSON answer, telling a maintenance HTML page or a cut-off body apart from bad data.
import { ParseError } from "./types.ts";

export function parsePublisherJson(text: string, file: string): unknown {
  const start = text.trimStart();
  if (start === "") throw new ParseError(file, "el archivo está vacío");
  if (start.startsWith("<")) {
    throw new ParseError(file, "se esperaba JSON y llegó una página HTML (¿página de error o mantenimiento del publicador?)");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new ParseError(file, `JSON inválido o truncado (${detail})`);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A decimal number written as text, as publishers send it ("20.5008", "145.46199999999999000000"). */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;
