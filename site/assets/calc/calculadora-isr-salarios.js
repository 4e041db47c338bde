// Calculator: ISR withholding on wages with the Art. 96 LISR tariff of the chosen year and pay period.
import { isrCalculation } from "./calculos.js";
import { formatPesos, formatRateMicro, parseDecimal } from "./money.js";
import { apiNumber, calculator, curlLine, dl, field, getJson, notice, total, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const year = field(form, "anio");
  const period = field(form, "periodo");
  const income = parseDecimal(field(form, "ingreso"), 2);
  if (income === null) throw new UserError("Escribe el ingreso en pesos con punto decimal y hasta dos decimales, por ejemplo 20,000.00.", "ingreso");
  const tariff = await getJson(`/tarifa/isr/${encodeURIComponent(year)}/${encodeURIComponent(period)}`);
  if (tariff === null) throw new UserError(`No hay tarifa ${period} publicada para ${year}.`, "anio");
  const r = isrCalculation(tariff.rows, income);
  const call = curlLine("/calculos/isr", { ingreso: apiNumber(income, 2), periodo: period, anio: year });
  if (r === null) {
    return [total("ISR a retener", formatPesos(0n), "resultado-isr"), notice("El ingreso es menor que el límite inferior del primer renglón: no hay impuesto."), call];
  }
  return [
    total("ISR a retener antes del subsidio para el empleo", formatPesos(r.isr), "resultado-isr"),
    dl([
      ["Tarifa", `${period}, ${year}`],
      ["Renglón", `del ${formatPesos(r.lower)} ${r.upper === null ? "en adelante" : `al ${formatPesos(r.upper)}`}`],
      ["Ingreso gravado", formatPesos(income)],
      ["Excedente del límite inferior", formatPesos(r.excess)],
      ["Tasa marginal", formatRateMicro(r.rateMicro)],
      ["Impuesto marginal", formatPesos(r.marginal)],
      ["Cuota fija", formatPesos(r.fixed)],
      ["ISR determinado", formatPesos(r.isr)],
    ]),
    call,
  ];
});
