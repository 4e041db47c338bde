// The filling guide's notes on the real catalog rows: which entries carry them, each with its quotation and source, and that the search finds them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { noteTargets, notesOf, type NoteCatalog } from "../lib/datasets/guide-notes.ts";
import { GUIDE_NOTES } from "../sources/guia-llenado.ts";
import { cancelReasons } from "../sources/motivos-cancelacion.ts";
import { satCatalog } from "../sources/sat.ts";
import { RAW_DIR } from "./helpers/tree.ts";

const codes = (id: NoteCatalog): Set<string> => {
  if (id === "motivo-cancelacion") return new Set(cancelReasons.rows.map((r) => r.clave));
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
    expect(notesOf("tipo-relacion", "07")?.map((n) => n.id)).toEqual(["tr-07", "anticipo-definicion"]);
    expect(notesOf("regimen", "616")?.map((n) => n.id)).toEqual(["pg-616-s01", "ext-616"]);
    expect(notesOf("objeto-imp", "03")?.map((n) => n.id)).toEqual(["oi-01-03"]);
    expect(notesOf("forma-pago", "03")).toBeUndefined();
    for (const n of GUIDE_NOTES)
      for (const t of noteTargets(n)) expect(codes(t.catalog).has(t.code), `${n.id} → ${t.catalog}/${t.code}`).toBe(true);
    // Notes about no key («la de mayor monto», six decimals, a country's code) or a field of no catalog (Receptor/Rfc,
    // Nombre, Importes) land nowhere; every other note lands on each entry it names.
    expect(GUIDE_NOTES.filter((n) => noteTargets(n).length === 0).map((n) => n.id)).toEqual([
      "fp-mayor-monto",
      "pg-rfc",
      "pg-nombre-cp",
      "pg-formapago",
      "ext-residencia",
      "tasa-6-dec",
      "decimales",
    ]);
  });

  it("land also on the entries their text names beyond campo and clave: a substitution on cancellation reason 01", () => {
    expect(notesOf("motivo-cancelacion", "01")?.map((n) => n.id)).toEqual(["tr-04", "usocfdi-erroneo"]);
    expect(notesOf("motivo-cancelacion", "02")).toBeUndefined();
    expect(notesOf("tipo-comprobante", "E")?.map((n) => n.id)).toEqual(["fp-egreso", "egreso-descuento-posterior"]);
    expect(notesOf("forma-pago", "30")?.map((n) => n.id)).toEqual(["fp-30", "anticipo-definicion"]);
    // A note with two fields lands on each field's key (MetodoPago PUE and Exportacion 01).
    expect(noteTargets(GUIDE_NOTES.find((n) => n.id === "pg-metodo")!)).toEqual([
      { catalog: "metodo-pago", code: "PUE" },
      { catalog: "exportacion", code: "01" },
    ]);
  });

  it("are the table sources/tables/guia-llenado-notas.csv, row for row and column for column", () => {
    const rows = parse(readFileSync("sources/tables/guia-llenado-notas.csv", "utf8"), { columns: true }) as Record<string, string>[];
    expect(GUIDE_NOTES.map((n) => [n.id, n.campo, n.clave, n.situacion, n.fuente, n.cita])).toEqual(
      rows.map((r) => [r["id"], r["campo"], r["clave"], r["situacion"], r["fuente"], r["cita"]]),
    );
  });
});
