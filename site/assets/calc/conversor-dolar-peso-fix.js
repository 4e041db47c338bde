// Calculator: dollars to pesos and back at the FIX of a chosen date (or the latest one before it, said so).
import { formatPesos, formatScaled, mulDivHalfUp, parseDecimal, scaled } from "./money.js";
import { calculator, curlLine, dl, field, fmtDate, getJson, notice, total, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const date = field(form, "fecha");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UserError("Elige una fecha.", "fecha");
  const amount = parseDecimal(field(form, "cantidad"), 2);
  if (amount === null) throw new UserError("Escribe la cantidad con punto decimal y hasta dos decimales, por ejemplo 1,000.00.", "cantidad");
  const history = await getJson("/fx/history?days=365");
  if (!Array.isArray(history) || history.length === 0) throw new UserError("No hay observaciones del FIX publicadas.");
  const first = history[0].date;
  const last = history[history.length - 1].date;
  if (date < first) {
    throw new UserError(`La calculadora cubre del ${fmtDate(first)} al ${fmtDate(last)}. El historial completo está en /api/v1/public/dumps/fx.csv.`, "fecha");
  }
  // The observation of that date, else the latest one before it; never an estimate.
  let used = history[0];
  for (const o of history) if (o.date <= date) used = o;
  const rate = scaled(used.rate, 4);
  const nodes = [];
  const toPesos = field(form, "sentido") !== "mxn-a-usd";
  const result = toPesos ? mulDivHalfUp(amount, rate, 10_000n) : mulDivHalfUp(amount, 10_000n, rate);
  nodes.push(toPesos
    ? total(`${formatScaled(amount, 2)} dólares`, `${formatPesos(result)} pesos`, "resultado")
    : total(`${formatPesos(amount)} pesos`, `${formatScaled(result, 2)} dólares`, "resultado"));
  if (used.date !== date) {
    nodes.push(notice(`No hay FIX determinado el ${fmtDate(date)} (fin de semana, día inhábil bancario o aún no publicado). ` +
      `Se usa el del ${fmtDate(used.date)}, el último determinado antes de esa fecha.`));
  }
  nodes.push(dl([
    ["Tipo de cambio FIX", `${formatScaled(rate, 4)} pesos por dólar`],
    ["Determinado el", fmtDate(used.date)],
    ["Fuente", used.source],
  ]));
  nodes.push(curlLine("/fx/history", { days: "365" }));
  return nodes;
});
