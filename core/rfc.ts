// Structural validation of a Mexican RFC (length, alphabet, layout, embedded date, check character).

import { daysInMonth } from "./dates.ts";
import type { RfcInvalidReason, RfcValidation } from "./schemas.ts";

type RfcType = "fisica" | "moral";

const LENGTH_FISICA = 13;
const LENGTH_MORAL = 12;
// Anything longer (once trimmed) cannot be an RFC; refusing it before the per-character checks keeps
// the work bounded for hostile input.
const MAX_INPUT_LENGTH = 64;
const LENGTH_MESSAGE = "Longitud inválida: el RFC debe tener 12 caracteres (persona moral) o 13 (persona física) y";

const GENERIC_RFCS: ReadonlyMap<string, string> = new Map([
  ["XAXX010101000", "RFC genérico válido: XAXX010101000 se usa para operaciones con el público en general."],
  ["XEXX010101000", "RFC genérico válido: XEXX010101000 se usa para operaciones con residentes en el extranjero."],
]);

// The SAT never issues these as the first four letters of a persona física (it replaces the last
// letter with X), so an RFC starting with one of them cannot be genuine.
const INCONVENIENT_WORDS: ReadonlySet<string> = new Set(
  (
    "BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA " +
    "KACO KAGA KAGO KAKA KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE " +
    "PUTA PUTO QULO RATA RUIN"
  ).split(" "),
);

const ALPHABET = /^[A-Z0-9Ñ&]*$/;
const NAME_LETTER = /^[A-ZÑ&]$/;
const DIGIT = /^[0-9]$/;
const HOMOCLAVE_CHAR = /^[A-Z0-9]$/;
const CHECK_CHAR = /^[0-9A]$/;

const CHECK_VALUES: ReadonlyMap<string, number> = buildCheckValues();

function buildCheckValues(): Map<string, number> {
  const values = new Map<string, number>();
  for (const [i, c] of [..."0123456789ABCDEFGHIJKLMN"].entries()) values.set(c, i);
  values.set("&", 24);
  for (const [i, c] of [..."OPQRSTUVWXYZ"].entries()) values.set(c, 25 + i);
  values.set(" ", 37);
  values.set("Ñ", 38);
  return values;
}

/**
 * Check character of an RFC from the characters before it: 12 for a persona física, 11 for a
 * persona moral (which is left-padded with a space to 12). Throws on any other length or on a
 * character outside the RFC alphabet.
 */
export function rfcCheckDigit(first12: string): string {
  const chars = Array.from(first12.normalize("NFC"));
  if (chars.length === LENGTH_MORAL - 1) chars.unshift(" ");
  if (chars.length !== LENGTH_FISICA - 1) {
    throw new RangeError("rfcCheckDigit expects the first 11 (moral) or 12 (física) characters");
  }
  let sum = 0;
  chars.forEach((c, i) => {
    const value = CHECK_VALUES.get(c);
    if (value === undefined) throw new RangeError(`Character outside the RFC alphabet: ${c}`);
    sum += value * (13 - i);
  });
  const r = sum % 11;
  if (r === 0) return "0";
  return r === 1 ? "A" : String(11 - r);
}

/**
 * Validates the structure of an RFC. Checks run in this order and the first failure is reported,
 * from the most basic property to the most derived one (the check character depends on all the
 * others, so it goes last):
 *   generic RFC → length → characters → format → date → inconvenient word → check character.
 * Generic RFCs come first because XAXX010101000 does not satisfy its own check character.
 */
export function validateRfc(input: string): RfcValidation {
  // Spaces, tabs and line breaks around the RFC (a copy-paste, a form field) are not part of it.
  const trimmed = input.trim();
  if (trimmed.length > MAX_INPUT_LENGTH) {
    return invalid(input, "length", `${LENGTH_MESSAGE} se recibieron más de ${MAX_INPUT_LENGTH}.`);
  }
  const normalized = trimmed.toUpperCase().normalize("NFC");
  const generic = GENERIC_RFCS.get(normalized);
  if (generic !== undefined) return { rfc: input, valid: true, type: "fisica", message: generic };

  const chars = Array.from(normalized);
  const failure =
    lengthFailure(chars) ??
    charactersFailure(chars) ??
    formatFailure(chars) ??
    dateFailure(chars) ??
    inconvenientWordFailure(chars) ??
    checkDigitFailure(chars);
  if (failure) return invalid(input, failure.reason, failure.message);

  const type = typeOf(chars);
  const who = type === "fisica" ? "persona física" : "persona moral";
  return { rfc: input, valid: true, type, message: `RFC válido de ${who}.` };
}

interface Failure {
  reason: RfcInvalidReason;
  message: string;
}

function invalid(rfc: string, reason: RfcInvalidReason, message: string): RfcValidation {
  return { rfc, valid: false, type: null, message, reason };
}

function typeOf(chars: readonly string[]): RfcType {
  return chars.length === LENGTH_FISICA ? "fisica" : "moral";
}

/** Number of name letters: 4 for a persona física, 3 for a persona moral. */
function nameLength(chars: readonly string[]): number {
  return chars.length - 9;
}

function lengthFailure(chars: readonly string[]): Failure | undefined {
  const n = chars.length;
  if (n === LENGTH_FISICA || n === LENGTH_MORAL) return undefined;
  const received = n === 0 ? "se recibió un texto vacío." : n === 1 ? "se recibió 1." : `se recibieron ${n}.`;
  return { reason: "length", message: `${LENGTH_MESSAGE} ${received}` };
}

function charactersFailure(chars: readonly string[]): Failure | undefined {
  const bad = [...new Set(chars.filter((c) => !ALPHABET.test(c)))];
  if (bad.length === 0) return undefined;
  const shown = bad.map(describeCharacter).join(", ");
  return {
    reason: "characters",
    message: `Caracteres no válidos (${shown}): el RFC solo admite letras de la A a la Z, Ñ, & y dígitos del 0 al 9.`,
  };
}

/** A character as a message can show it: control characters (a tab inside the RFC) by their code point. */
function describeCharacter(c: string): string {
  if (c === " ") return "espacio";
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, "0")}` : `«${c}»`;
}

function formatFailure(chars: readonly string[]): Failure | undefined {
  const letters = nameLength(chars);
  const who = typeOf(chars) === "fisica" ? "persona física" : "persona moral";
  const format = (message: string): Failure => ({ reason: "format", message: `Formato inválido: ${message}` });
  if (!chars.slice(0, letters).every((c) => NAME_LETTER.test(c))) {
    return format(`en un RFC de ${who} los primeros ${letters} caracteres deben ser letras (A-Z, Ñ o &).`);
  }
  if (!chars.slice(letters, letters + 6).every((c) => DIGIT.test(c))) {
    return format(`después de las ${letters} letras deben ir 6 dígitos con la fecha (AAMMDD).`);
  }
  if (!chars.slice(letters + 6, letters + 8).every((c) => HOMOCLAVE_CHAR.test(c))) {
    return format("la homoclave (los 2 caracteres que siguen a la fecha) solo admite letras A-Z y dígitos.");
  }
  if (!CHECK_CHAR.test(chars[chars.length - 1] ?? "")) {
    return format("el último carácter (dígito verificador) debe ser un dígito del 0 al 9 o la letra A.");
  }
  return undefined;
}

function dateFailure(chars: readonly string[]): Failure | undefined {
  const start = nameLength(chars);
  const yymmdd = chars.slice(start, start + 6).join("");
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)) return undefined;
  return {
    reason: "date",
    message: `Fecha inválida: «${yymmdd}» no corresponde a una fecha existente en formato AAMMDD (año, mes y día).`,
  };
}

function inconvenientWordFailure(chars: readonly string[]): Failure | undefined {
  if (typeOf(chars) !== "fisica") return undefined;
  const word = chars.slice(0, 4).join("");
  if (!INCONVENIENT_WORDS.has(word)) return undefined;
  return {
    reason: "inconvenient-word",
    message: `Palabra inconveniente: el SAT no asigna RFC de persona física que comiencen con «${word}».`,
  };
}

function checkDigitFailure(chars: readonly string[]): Failure | undefined {
  const expected = rfcCheckDigit(chars.slice(0, -1).join(""));
  const received = chars[chars.length - 1];
  if (received === expected) return undefined;
  return {
    reason: "check-digit",
    message: `Dígito verificador incorrecto: se esperaba «${expected}» y se recibió «${received}».`,
  };
}
