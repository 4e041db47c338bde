// Calculator: update factor of Art. 17-A CFF between two months with the INPC, and an amount updated with it.
import { factorCalculation, factorPeriods, formatPesos, formatScaled, parseDecimal } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, fmtPeriod, getJson, notice, total, UserError } from "./ui.js";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The INPC of a month; the latest published one when that month is not published yet (Art. 17-A CFF). */
async function indexOf(period, latest) {
  if (period > latest.period) return { record: latest, wanted: period };
  const record = await getJson(`/inpc/${period}`);
  if (record === null) throw new UserError(`No hay INPC de ${fmtPeriod(period)} en los datos.`);
  return { record, wanted: period };
}

calculator("calc", async (form) => {
  const from = field(form, "desde");
  const to = field(form, "hasta");
  if (!MONTH.test(from) || !MONTH.test(to)) throw new UserError("Elige los dos meses del periodo.", MONTH.test(from) ? "hasta" : "desde");
  if (to < from) throw new UserError("El mes más reciente no puede ser anterior al más antiguo.", "hasta");
  const amountText = field(form, "monto");
  const amount = amountText === "" ? null : parseDecimal(amountText, 2);
  if (amountText !== "" && amount === null) throw new UserError("Escribe el monto en pesos con hasta dos decimales, por ejemplo 10,000.00, o déjalo vacío.", "monto");
  const recent = await getJson("/inpc?limit=1");
  const latest = Array.isArray(recent) ? recent[recent.length - 1] : undefined;
  if (!latest) throw new UserError("No hay INPC publicado.");
  const periods = factorPeriods(from, to);
  const late = await indexOf(periods.late, latest);
  const early = await indexOf(periods.early, latest);
  const f = factorCalculation(late.record, early.record, amount);
  const nodes = [total("Factor de actualización", formatScaled(f.factor, 4), "resultado-factor")];
  for (const x of [late, early]) {
    if (x.record.period !== x.wanted) {
      nodes.push(notice(`El INPC de ${fmtPeriod(x.wanted)} aún no se publica; se usa el último publicado, el de ${fmtPeriod(x.record.period)}.`));
    }
  }
  if (f.belowOne) nodes.push(notice("El cociente es menor que 1, así que el factor es 1: la actualización nunca reduce un monto."));
  const facts = [
    [`INPC de ${fmtPeriod(late.record.period)} (mes anterior al más reciente)`, String(late.record.value)],
    [`INPC de ${fmtPeriod(early.record.period)} (mes anterior al más antiguo)`, String(early.record.value)],
    ["Cociente, a ocho decimales", formatScaled(f.quotient8, 8)],
    ["Factor, hasta el diezmilésimo", formatScaled(f.factor, 4)],
  ];
  if (amount !== null) {
    facts.push(["Monto original", formatPesos(amount)], ["Monto actualizado", formatPesos(f.updated ?? 0n)]);
  }
  nodes.push(dl(facts));
  // The API never falls back to the latest index: for a month not yet published it answers 404 naming it.
  nodes.push(curlLine("/calculos/factor-actualizacion", { desde: from, hasta: to, ...(amount !== null && { monto: apiNumber(amount, 2) }) }));
  return nodes;
});
