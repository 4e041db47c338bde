// Calculator: pesos to UDIS and back at the value of the UDI of a chosen day.
import { formatPesos, formatScaled, formatTrimmed, parseDecimal, scaled, udiConversion } from "./core.js";
import { calculator, dl, field, fmtDate, getJson, total, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const date = field(form, "fecha");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new UserError("Elige una fecha.", "fecha");
  const udi = await getJson(`/udi/${date}`);
  if (udi === null) throw new UserError(`No hay valor de la UDI publicado para el ${fmtDate(date)}; la serie empieza el 4 de abril de 1995.`, "fecha");
  // The UDI has six decimals: value6 is pesos per UDI × 10^6, amounts in centavos, UDIS × 10^6.
  const value6 = scaled(udi.value, 6);
  const facts = dl([["Valor de la UDI", `${formatScaled(value6, 6)} pesos`], ["Del día", fmtDate(udi.date)], ["Fuente", udi.source]]);
  if (field(form, "sentido") === "pesos-a-udis") {
    const centavos = parseDecimal(field(form, "cantidad"), 2);
    if (centavos === null) throw new UserError("Escribe el importe en pesos con hasta dos decimales, por ejemplo 100,000.00.", "cantidad");
    const udis6 = udiConversion(centavos, false, udi.value).result;
    return [total(`${formatPesos(centavos)} equivalen a`, `${formatScaled(udis6, 6)} UDIS`, "resultado"), facts];
  }
  const udis6 = parseDecimal(field(form, "cantidad"), 6);
  if (udis6 === null) throw new UserError("Escribe el número de UDIS, por ejemplo 1,000 o 2.5 (hasta seis decimales).", "cantidad");
  const centavos = udiConversion(udis6, true, udi.value).result;
  return [total(`${formatTrimmed(udis6, 6)} UDIS`, formatPesos(centavos), "resultado"), facts];
});
