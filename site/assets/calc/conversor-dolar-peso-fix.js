// Calculator: dollars to pesos and back at the FIX of a date (or the latest before it), or at the DOF rate Art. 20 CFF applies.
import { formatPesos, formatScaled, mulDivHalfUp, parseDecimal, scaled } from "./core.js";
import { calculator, curlLine, dl, field, fmtDate, getJson, notice, total, UserError } from "./ui.js";

/** YYYY-MM-DD shifted by whole days. */
const shift = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The FIX determined on the date, else the latest one in the month before it (a gap is never longer). */
async function fixOn(date) {
  const window = await getJson(`/fx/history?from=${shift(date, -31)}&to=${date}`);
  if (!Array.isArray(window) || window.length === 0) {
    throw new UserError(`No hay FIX publicado en o antes del ${fmtDate(date)}; la serie empieza el 12 de noviembre de 1991.`, "fecha");
  }
  return window[window.length - 1];
}

/** The rate of Art. 20 CFF: the FIX published in the DOF the day before the date (or the last one published before). */
async function dofOn(date) {
  const record = await getJson(`/fx/dof/${date}`);
  if (record === null) {
    throw new UserError(`Con los datos publicados no se puede determinar el tipo de cambio del DOF aplicable al ${fmtDate(date)} ` +
      "(es anterior a la primera publicación o la publicación aplicable aún no consta).", "fecha");
  }
  return record;
}

calculator("calc", async (form) => {
  const date = field(form, "fecha");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UserError("Elige una fecha.", "fecha");
  const amount = parseDecimal(field(form, "cantidad"), 2);
  if (amount === null) throw new UserError("Escribe la cantidad con punto decimal y hasta dos decimales, por ejemplo 1,000.00.", "cantidad");
  const dof = field(form, "tipo") === "dof";
  const used = dof ? await dofOn(date) : await fixOn(date);
  const rate = scaled(used.rate, 4);
  const nodes = [];
  const toPesos = field(form, "sentido") !== "mxn-a-usd";
  const result = toPesos ? mulDivHalfUp(amount, rate, 10_000n) : mulDivHalfUp(amount, 10_000n, rate);
  nodes.push(toPesos
    ? total(`${formatScaled(amount, 2)} dólares`, `${formatPesos(result)} pesos`, "resultado")
    : total(`${formatPesos(amount)} pesos`, `${formatScaled(result, 2)} dólares`, "resultado"));
  if (dof) {
    nodes.push(notice(`Tipo de cambio del DOF aplicable (Art. 20 CFF) a una obligación del ${fmtDate(date)}: el publicado en el DOF el ` +
      `${fmtDate(used.dofDate)}, que es el FIX determinado el ${fmtDate(used.fixDate)}.`));
    nodes.push(dl([
      ["Tipo de cambio", `${formatScaled(rate, 4)} pesos por dólar`],
      ["Publicado en el DOF el", fmtDate(used.dofDate)],
      ["FIX determinado el", fmtDate(used.fixDate)],
      ["Fuente", used.source],
    ]));
    return nodes;
  }
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
