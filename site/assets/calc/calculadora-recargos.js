// Calculator: what paying a tax late costs, its update (Art. 17-A CFF) and its recargos month by month (Art. 21 CFF).
import { delayMonths, factorPeriods, formatPesos, formatScaled, latePaymentCalculation, parseDecimal, scaled } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, fmtDate, fmtPeriod, getJson, notice, total, UserError } from "./ui.js";

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The INPC of a month; never the latest one in its place: the API answers 404 for it too. */
async function indexOf(period, fieldName) {
  const record = await getJson(`/inpc/${period}`);
  if (record === null) throw new UserError(`El INPC de ${fmtPeriod(period)} (${period}) aún no se publica o no está en los datos: sin él no se calcula la actualización.`, fieldName);
  return record;
}

calculator("calc", async (form) => {
  const amount = parseDecimal(field(form, "monto"), 2);
  if (amount === null || amount === 0n) throw new UserError("Escribe la contribución omitida en pesos con hasta dos decimales, por ejemplo 10,000.00.", "monto");
  const due = field(form, "limite");
  const paid = field(form, "pago");
  if (!DATE.test(due)) throw new UserError("Elige la fecha en que debió pagarse.", "limite");
  if (!DATE.test(paid)) throw new UserError("Elige la fecha en que se paga.", "pago");
  if (paid <= due) throw new UserError("La fecha de pago debe ser posterior a la fecha en que debió pagarse: un pago a tiempo no causa actualización ni recargos.", "pago");
  const months = delayMonths(due, paid);
  if (months.length > 60) {
    throw new UserError("Los recargos se causan hasta por cinco años (artículo 21 del CFF), salvo los casos del artículo 67, que esta calculadora no resuelve.", "pago");
  }
  const periods = factorPeriods(due.slice(0, 7), paid.slice(0, 7));
  const late = await indexOf(periods.late, "pago");
  const early = await indexOf(periods.early, "limite");
  const rates = await getJson("/recargos/tasas");
  if (!Array.isArray(rates)) throw new UserError("No hay tasas de recargos publicadas.");
  const monthRates = months.map((m) => {
    const row = rates.find((r) => r.anio === m.year);
    if (!row) throw new UserError(`No hay tasa de recargos de ${m.year} en los datos (hay de ${rates[0]?.anio} a ${rates.at(-1)?.anio}).`, m.number === 1 ? "limite" : "pago");
    return { ...m, rate: row.tasaMora };
  });
  const r = latePaymentCalculation(amount, late, early, monthRates.map((m) => scaled(m.rate, 2)));
  const nodes = [total("Total a pagar", formatPesos(r.total), "resultado-total")];
  if (r.belowOne) nodes.push(notice("El cociente de los INPC es menor que 1, así que el factor es 1: la actualización nunca reduce un monto."));
  nodes.push(
    dl([
      [`INPC de ${fmtPeriod(late.period)} (mes anterior al del pago)`, String(late.value)],
      [`INPC de ${fmtPeriod(early.period)} (mes anterior al del vencimiento)`, String(early.value)],
      ["Factor de actualización, hasta el diezmilésimo", formatScaled(r.factor, 4)],
      ["Monto actualizado", formatPesos(r.updated)],
      ["Actualización", formatPesos(r.update)],
      ["Meses o fracciones de mora", String(monthRates.length)],
      ["Tasa de recargos (suma de cada mes)", `${formatScaled(r.rateSum2, 2)}\u00a0%`],
    ]),
    dl(monthRates.map((m) => [`Mes ${m.number}: del ${fmtDate(m.from)} al ${fmtDate(m.to)}${m.fraction ? " (fracción)" : ""}`, `${m.rate}\u00a0% (tasa de ${m.year})`])),
    total("Recargos", formatPesos(r.surcharges), "resultado-recargos"),
    curlLine("/calculos/recargos", { monto: apiNumber(amount, 2), fechaLimite: due, fecha: paid }),
  );
  return nodes;
});
