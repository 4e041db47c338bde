// The filling guide's notes on the real catalog rows: which entries carry them, each with its quotation and source, and that the search finds them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { noteTargets, notesOf } from "../lib/datasets/guide-notes.ts";
import { GUIDE_NOTES } from "../sources/guia-llenado.ts";
import { satCatalog } from "../sources/sat.ts";
import { RAW_DIR } from "./helpers/tree.ts";

const codes = (id: Parameters<typeof satCatalog>[0]): Set<string> => {
  const source = satCatalog(id);
  return new Set(source.parse(readFileSync(join(RAW_DIR, source.rawFile), "utf8"), source.rawFile).map((e) => e.code));
};

describe("the filling guide's notes", () => {
  it("are the table's 33, each with a source page or question and a quoted sentence", () => {
    expect(GUIDE_NOTES).toHaveLength(33);
    expect(new Set(GUIDE_NOTES.map((n) => n.id)).size).toBe(33);
    for (const n of GUIDE_NOTES) {
      expect(n.fuente, n.id).toMatch(/^SAT, .*(p\. \d+|pregunta \d+)/);
      expect(n.cita.length, n.id).toBeGreaterThan(20);
    }
  });

  it("land on catalog entries that exist: FormaPago 99 says when to use it, citing the guide's page 6", () => {
    const [note] = notesOf("forma-pago", "99") ?? [];
    expect(note).toMatchObject({ id: "fp-99", fuente: expect.stringContaining("[guia40] p. 6") });
    expect(note?.cita).toContain("pago en parcialidades o diferido");
    expect(notesOf("forma-pago", "17")?.map((n) => n.id)).toEqual(["fp-17"]);
    expect(notesOf("forma-pago", "15")?.map((n) => n.id)).toEqual(["fp-15", "fp-15-forma"]);
    expect(notesOf("tipo-relacion", "07")?.map((n) => n.id)).toEqual(["tr-07"]);
    expect(notesOf("regimen", "616")?.map((n) => n.id)).toEqual(["pg-616-s01", "ext-616"]);
    expect(notesOf("objeto-imp", "03")?.map((n) => n.id)).toEqual(["oi-01-03"]);
    expect(notesOf("forma-pago", "03")).toBeUndefined();
    for (const n of GUIDE_NOTES)
      for (const t of noteTargets(n)) expect(codes(t.catalog).has(t.code), `${n.id} → ${t.catalog}/${t.code}`).toBe(true);
    // Notes about no key («la de mayor monto») or a field of no catalog (Receptor/Rfc) land nowhere.
    expect(noteTargets(GUIDE_NOTES.find((n) => n.id === "fp-mayor-monto")!)).toEqual([]);
    expect(noteTargets(GUIDE_NOTES.find((n) => n.id === "pg-rfc")!)).toEqual([]);
  });
});
