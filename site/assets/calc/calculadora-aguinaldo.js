// Calculator: aguinaldo (at least 15 days, Art. 87 LFT), full or proportional, with its ISR-exempt part up to 30 UMA.
import { aguinaldoCalculation, formatPesos, formatScaled, parseDecimal, parseWhole } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, total, umaOf, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const salary = parseDecimal(field(form, "salario"), 2);
  if (salary === null) throw new UserError("Escribe el salario diario en pesos con hasta dos decimales, por ejemplo 500.00.", "salario");
  const days = parseWhole(field(form, "dias"));
  if (days === null) throw new UserError("Escribe los días de aguinaldo como número entero, por ejemplo 15.", "dias");
  if (days < 15) throw new UserError("La ley da al menos 15 días de aguinaldo (artículo 87 de la LFT).", "dias");
  const worked = parseWhole(field(form, "trabajados"));
  if (worked === null || worked < 1 || worked > 365) throw new UserError("Los días trabajados deben ser un número entero de 1 a 365.", "trabajados");
  const year = field(form, "anio");
  const uma = await umaOf(year);
  const { amount, cap, daysDue1000, exempt, taxed } = aguinaldoCalculation(salary, days, worked, uma);
  return [
    total("Aguinaldo", formatPesos(amount), "resultado-aguinaldo"),
    dl([
      ["Días que corresponden", `${formatScaled(daysDue1000, 3)} (${days} × ${worked} ÷ 365)`],
      ["Salario diario", formatPesos(salary)],
      [`Tope exento: 30 UMA de ${year}`, formatPesos(cap)],
      ["Parte exenta de ISR", formatPesos(exempt)],
      ["Parte gravada", formatPesos(taxed)],
    ]),
    curlLine("/calculos/aguinaldo", { salarioDiario: apiNumber(salary, 2), dias: String(days), diasTrabajados: String(worked), anio: year }),
  ];
});
