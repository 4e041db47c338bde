// Masking of the publishers' tokens in printed text, whatever the encoding and wherever it sits in the text.
import { describe, expect, it } from "vitest";
import { redactor, secretForms } from "../tools/redact.ts";

const TOKEN = "a1B2c3/D4e5+F6g7=ñ h";
const redact = redactor([TOKEN, undefined, "abc"]);

describe("redactor", () => {
  it("masks the token raw, percent-encoded (either case), form-encoded, JSON-escaped and in hex", () => {
    const encoded = encodeURIComponent(TOKEN);
    const samples = [
      `token=${TOKEN}&x=1`,
      `/BIE/2.0/${encoded}?type=json`,
      `/BIE/2.0/${encoded.toLowerCase()}`,
      `q=${new URLSearchParams({ t: TOKEN }).toString().slice(2)}`,
      `{"t":${JSON.stringify(TOKEN)}}`,
      `hex ${Buffer.from(TOKEN).toString("hex")} end`,
    ];
    for (const s of samples) expect(redact(s), s).toContain("***");
    for (const s of samples) for (const form of secretForms(TOKEN)) expect(redact(s)).not.toContain(form);
  });

  it("masks the token inside any longer base64 or base64url text, at each of the three alignments", () => {
    for (const prefix of ["", "u", "us", "user:"]) {
      const b64 = Buffer.from(`${prefix}${TOKEN}@host`).toString("base64");
      const masked = redact(`Authorization: Basic ${b64}`);
      expect(masked, prefix).toContain("***");
      // What is left is too little of the token to recover it: at most the characters mixed with its neighbours.
      const left = masked.replace("Authorization: Basic ", "").split("***").join("");
      expect(left.length).toBeLessThan(b64.length - 20);
      const url = Buffer.from(`${prefix}${TOKEN}`).toString("base64url");
      expect(redact(url), prefix).toContain("***");
    }
  });

  it("leaves text without the token alone, and ignores tokens too short to mask safely", () => {
    expect(redact("HTTP 503; reintento 1 de 4 en 2.0 s (abc)")).toBe("HTTP 503; reintento 1 de 4 en 2.0 s (abc)");
    expect(redactor([])("x")).toBe("x");
  });
});
