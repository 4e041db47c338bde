// Tests for the RFC structure validator: generated valid RFCs and every reason of invalidity.
import { describe, it, expect } from "vitest";
import { rfcCheckDigit, validateRfc } from "../core/rfc.ts";
import { seededRandom } from "./helpers/random.ts";

const INCONVENIENT_WORDS = (
  "BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA " +
  "KACO KAGA KAGO KAKA KOGE KOJO KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE " +
  "PUTA PUTO QULO RATA RUIN"
).split(" ");

const random = seededRandom(20250117);
const pick = (alphabet: string): string => {
  const chars = Array.from(alphabet);
  return chars[Math.floor(random() * chars.length)] ?? "";
};
const repeat = (n: number, alphabet: string): string => Array.from({ length: n }, () => pick(alphabet)).join("");
const pad2 = (n: number): string => String(n).padStart(2, "0");

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÑ&";
const HOMOCLAVE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function randomDate(): string {
  const yy = Math.floor(random() * 100);
  const mm = 1 + Math.floor(random() * 12);
  const days = new Date(Date.UTC(2000 + yy, mm, 0)).getUTCDate();
  const dd = 1 + Math.floor(random() * days);
  return `${pad2(yy)}${pad2(mm)}${pad2(dd)}`;
}

function withCheckDigit(first: string): string {
  return first + rfcCheckDigit(first);
}

function randomRfc(letters: number, date = randomDate()): string {
  let name = repeat(letters, LETTERS);
  while (letters === 4 && INCONVENIENT_WORDS.includes(name)) name = repeat(letters, LETTERS);
  return withCheckDigit(name + date + repeat(2, HOMOCLAVE));
}

describe("rfcCheckDigit", () => {
  it("computes the documented example", () => {
    expect(rfcCheckDigit("GODE561231GR")).toBe("8");
  });

  it("pads a persona moral with a leading space", () => {
    expect(rfcCheckDigit("ABC680524P7")).toBe(rfcCheckDigit(" ABC680524P7"));
  });

  it("rejects other lengths and foreign characters", () => {
    expect(() => rfcCheckDigit("GODE561231")).toThrow(RangeError);
    expect(() => rfcCheckDigit("GODE5612-1GR")).toThrow(RangeError);
  });
});

describe("validateRfc: valid RFCs", () => {
  it("accepts GODE561231GR8 as a persona física", () => {
    expect(validateRfc("GODE561231GR8")).toEqual({
      rfc: "GODE561231GR8",
      valid: true,
      type: "fisica",
      message: "RFC válido de persona física.",
    });
  });

  it("accepts many generated personas físicas", () => {
    for (let i = 0; i < 2000; i++) {
      const rfc = randomRfc(4);
      const result = validateRfc(rfc);
      expect(result, rfc).toMatchObject({ valid: true, type: "fisica", message: "RFC válido de persona física." });
      expect(result.reason).toBeUndefined();
    }
  });

  it("accepts many generated personas morales", () => {
    for (let i = 0; i < 2000; i++) {
      const rfc = randomRfc(3);
      expect(validateRfc(rfc), rfc).toMatchObject({ valid: true, type: "moral", message: "RFC válido de persona moral." });
    }
  });

  it("accepts February 29 of years divisible by 4, including 00", () => {
    for (const date of ["000229", "040229", "960229", "240229"]) {
      expect(validateRfc(randomRfc(4, date)).valid).toBe(true);
      expect(validateRfc(randomRfc(3, date)).valid).toBe(true);
    }
  });

  it("accepts Ñ and & in the name letters", () => {
    const fisica = withCheckDigit("ÑA&O850101AB");
    const moral = withCheckDigit("Ñ&A850101AB");
    expect(validateRfc(fisica)).toMatchObject({ valid: true, type: "fisica" });
    expect(validateRfc(moral)).toMatchObject({ valid: true, type: "moral" });
  });

  it("trims and upper-cases the input but echoes it as submitted", () => {
    const result = validateRfc("  gode561231gr8\n");
    expect(result).toMatchObject({ rfc: "  gode561231gr8\n", valid: true, type: "fisica" });
    const moral = withCheckDigit("ÑAB850101AB");
    expect(validateRfc(` ${moral.toLowerCase()} `)).toMatchObject({ valid: true, type: "moral" });
  });

  it("trims tabs and line breaks and any amount of padding, and echoes the input untouched", () => {
    const padded = `${" \t".repeat(60)}gode561231gr8\r\n`;
    expect(validateRfc(padded)).toMatchObject({ rfc: padded, valid: true, type: "fisica" });
    expect(validateRfc("\n\tXAXX010101000\t")).toMatchObject({ valid: true, message: expect.stringMatching(/genérico/) });
  });

  it("answers a control character inside the RFC with valid: false, naming it by code point", () => {
    expect(validateRfc("GODE\t561231GR8")).toMatchObject({ valid: false, reason: "length" });
    const result = validateRfc("GOD\u0000561231GR8");
    expect(result).toMatchObject({ valid: false, type: null, reason: "characters" });
    expect(result.message).toContain("U+0000");
    expect(result.message).not.toContain("\u0000");
  });

  it("counts a decomposed Ñ as one character", () => {
    const composed = withCheckDigit("ÑABC850101AB");
    const decomposed = composed.normalize("NFD");
    expect(Array.from(decomposed)).toHaveLength(14);
    expect(validateRfc(decomposed)).toMatchObject({ rfc: decomposed, valid: true, type: "fisica" });
    expect(validateRfc(decomposed.toLowerCase())).toMatchObject({ valid: true, type: "fisica" });
  });
});

describe("validateRfc: generic RFCs", () => {
  it("accepts XAXX010101000 (público en general) although its check character does not match", () => {
    expect(rfcCheckDigit("XAXX01010100")).not.toBe("0");
    const result = validateRfc("XAXX010101000");
    expect(result).toMatchObject({ valid: true, type: "fisica" });
    expect(result.message).toMatch(/genérico/);
    expect(result.message).toMatch(/público en general/);
  });

  it("accepts XEXX010101000 (residentes en el extranjero)", () => {
    const result = validateRfc("xexx010101000 ");
    expect(result).toMatchObject({ valid: true, type: "fisica" });
    expect(result.message).toMatch(/genérico/);
    expect(result.message).toMatch(/residentes en el extranjero/);
  });
});

describe("validateRfc: invalid RFCs", () => {
  const expectInvalid = (input: string, reason: string, message: RegExp): void => {
    const result = validateRfc(input);
    expect(result, input).toMatchObject({ rfc: input, valid: false, type: null, reason });
    expect(result.message, input).toMatch(message);
  };

  it("rejects wrong lengths", () => {
    expectInvalid("GODE561231G", "length", /^Longitud inválida: .*recibieron 11\./);
    expectInvalid("GODE561231GR88", "length", /^Longitud inválida: .*recibieron 14\./);
    expectInvalid("", "length", /^Longitud inválida: .*vacío/);
    expectInvalid("   ", "length", /^Longitud inválida/);
  });

  it("rejects huge input as a length error", () => {
    expectInvalid("A".repeat(100_000), "length", /^Longitud inválida: .*más de 64/);
  });

  it("rejects characters outside the RFC alphabet", () => {
    expectInvalid("GODE-61231GR8", "characters", /^Caracteres no válidos \(«-»\)/);
    expectInvalid("GODÉ561231GR8", "characters", /«É»/);
    expectInvalid("GODE 61231GR8", "characters", /espacio/);
    expectInvalid("GODE56123.GR8", "characters", /«\.»/);
  });

  it("rejects a wrong structure", () => {
    expectInvalid("1ODE561231GR8", "format", /^Formato inválido: .*primeros 4 caracteres deben ser letras/);
    expectInvalid("G0D561231GR8", "format", /primeros 3 caracteres/);
    expectInvalid("GODEA61231GR8", "format", /6 dígitos/);
    expectInvalid("GODE561231ÑR8", "format", /homoclave/);
    expectInvalid("GODE561231GRB", "format", /dígito verificador/);
  });

  it("rejects dates that do not exist", () => {
    expectInvalid(randomRfc(4, "230229"), "date", /^Fecha inválida: «230229»/);
    expectInvalid(randomRfc(3, "991301"), "date", /«991301»/);
    expectInvalid(randomRfc(4, "250431"), "date", /«250431»/);
    expectInvalid(randomRfc(4, "250001"), "date", /«250001»/);
    expectInvalid(randomRfc(4, "250100"), "date", /«250100»/);
  });

  it("rejects a wrong check character and says which one was expected", () => {
    expectInvalid("GODE561231GR9", "check-digit", /^Dígito verificador incorrecto: se esperaba «8»/);
    for (let i = 0; i < 200; i++) {
      const rfc = randomRfc(i % 2 === 0 ? 4 : 3);
      const last = rfc.slice(-1);
      const wrong = last === "0" ? "1" : "0";
      expectInvalid(rfc.slice(0, -1) + wrong, "check-digit", new RegExp(`se esperaba «${last}»`));
    }
  });

  it("rejects each inconvenient word for a persona física but not the same letters for a moral", () => {
    for (const word of INCONVENIENT_WORDS) {
      expectInvalid(withCheckDigit(`${word}850101AB`), "inconvenient-word", new RegExp(`^Palabra inconveniente: .*«${word}»`));
      const moral = withCheckDigit(`${word.slice(0, 3)}850101AB`);
      expect(validateRfc(moral), moral).toMatchObject({ valid: true, type: "moral" });
    }
  });
});
