// Calculator: UMA to pesos and pesos to UMA with the daily, monthly or annual UMA of the chosen year.
import { formatPesos, formatScaled, formatTrimmed, mulDivHalfUp, parseDecimal, scaled } from "./core.js";
import { calculator, curlLine, dl, field, fmtDate, total, umaOf, UserError } from "./ui.js";

const BASES = { diaria: ["uma", "diaria", "diarias"], mensual: ["umaMensual", "mensual", "mensuales"], anual: ["umaAnual", "anual", "anuales"] };

calculator("calc", async (form) => {
  const year = field(form, "anio");
  const [key, singular, plural] = BASES[field(form, "valor")] ?? BASES.diaria;
  const uma = await umaOf(year);
  const value = scaled(uma[key], 2);
  const facts = [[`UMA ${singular} de ${year}`, formatPesos(value)], ["Vigente desde", fmtDate(uma.umaVigenteDesde)]];
  if (field(form, "sentido") === "pesos-a-uma") {
    const pesos = parseDecimal(field(form, "cantidad"), 2);
    if (pesos === null) throw new UserError("Escribe el importe en pesos con hasta dos decimales, por ejemplo 10,000.00.", "cantidad");
    const umas = mulDivHalfUp(pesos, 10_000n, value);
    return [total(`${formatPesos(pesos)} equivalen a`, `${formatScaled(umas, 4)} UMA ${plural}`, "resultado"), dl(facts), curlLine(`/uma/${encodeURIComponent(year)}`)];
  }
  const count = parseDecimal(field(form, "cantidad"), 6);
  if (count === null) throw new UserError("Escribe el número de UMA, por ejemplo 30 o 2.5 (hasta seis decimales).", "cantidad");
  const pesos = mulDivHalfUp(count, value, 1_000_000n);
  return [total(`${formatTrimmed(count, 6)} UMA ${count === 1_000_000n ? singular : plural}`, formatPesos(pesos), "resultado"), dl(facts), curlLine(`/uma/${encodeURIComponent(year)}`)];
});
