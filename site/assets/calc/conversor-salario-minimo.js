// Calculator: minimum wages to pesos and back, per day, month (30.4 days) or year (365 days), general or border zone.
import { formatPesos, formatScaled, formatTrimmed, mulDivHalfUp, parseDecimal, scaled } from "./core.js";
import { calculator, curlLine, dl, field, fmtDate, total, umaOf, UserError } from "./ui.js";

// Days of each period in tenths, so 30.4 stays an integer.
const PERIODS = { dia: [10n, "por día", "1 día"], mes: [304n, "por mes", "30.4 días"], anio: [3650n, "por año", "365 días"] };

calculator("calc", async (form) => {
  const year = field(form, "anio");
  const border = field(form, "zona") === "frontera";
  const [tenths, per, days] = PERIODS[field(form, "base")] ?? PERIODS.mes;
  const record = await umaOf(year);
  const wage = border ? record.salarioMinimoZonaFrontera : record.salarioMinimo;
  if (wage === null || wage === undefined) {
    throw new UserError(`En ${year} no había salario mínimo de la Zona Libre de la Frontera Norte; existe desde 2019.`, "anio");
  }
  const daily = scaled(wage, 2);
  const zone = border ? "de la Zona Libre de la Frontera Norte" : "general";
  const facts = [
    [`Salario mínimo ${zone} de ${year}`, `${formatPesos(daily)} diarios`],
    [`Salario mínimo ${per} (${days})`, formatPesos(mulDivHalfUp(daily, tenths, 10n))],
    ["Vigente desde", fmtDate(record.salarioMinimoVigenteDesde)],
  ];
  if (field(form, "sentido") === "pesos-a-sm") {
    const pesos = parseDecimal(field(form, "cantidad"), 2);
    if (pesos === null) throw new UserError("Escribe el importe en pesos con hasta dos decimales, por ejemplo 12,000.00.", "cantidad");
    const count = mulDivHalfUp(pesos, 100_000n, daily * tenths);
    return [total(`${formatPesos(pesos)} ${per} equivalen a`, `${formatScaled(count, 4)} salarios mínimos`, "resultado"), dl(facts), curlLine(`/uma/${encodeURIComponent(year)}`)];
  }
  const count = parseDecimal(field(form, "cantidad"), 6);
  if (count === null) throw new UserError("Escribe el número de salarios mínimos, por ejemplo 2 o 1.5 (hasta seis decimales).", "cantidad");
  const pesos = mulDivHalfUp(count * daily, tenths, 10_000_000n);
  const unit = count === 1_000_000n ? "salario mínimo" : "salarios mínimos";
  return [total(`${formatTrimmed(count, 6)} ${unit} ${per}`, formatPesos(pesos), "resultado"), dl(facts), curlLine(`/uma/${encodeURIComponent(year)}`)];
});
