// Calculator: the annual ISR of a persona física with the Art. 152 LISR tariff of the year.
import { formatPesos, isrCalculation, parseDecimal } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, getJson, isrRowLines, total, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const year = field(form, "anio");
  const base = parseDecimal(field(form, "ingreso"), 2);
  if (base === null) throw new UserError("Escribe la base gravable en pesos con punto decimal y hasta dos decimales, por ejemplo 300,000.00.", "ingreso");
  const tariff = await getJson(`/tarifa/isr/${encodeURIComponent(year)}/anual`);
  if (tariff === null) throw new UserError(`No hay tarifa anual publicada para ${year}.`, "anio");
  const r = isrCalculation(tariff.rows, base);
  const rows = isrRowLines(r, "la base es menor que el límite inferior del primer renglón: no hay impuesto");
  return [
    total("ISR del ejercicio", formatPesos(r === null ? 0n : r.isr), "resultado-isr-anual"),
    dl([["Tarifa", `anual, ${year} (Art. 152 LISR)`], ["Base gravable", formatPesos(base)], ...rows]),
    curlLine("/calculos/isr-anual", { ingresoGravable: apiNumber(base, 2), anio: year }),
  ];
});
