// Calculator: vacation days by seniority (Art. 76 LFT), the vacation premium (at least 25 %) and its ISR-exempt part up to 15 UMA.
import { formatPesos, formatScaled, parseDecimal, parseWhole, vacationPremiumCalculation } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, total, umaOf, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const salary = parseDecimal(field(form, "salario"), 2);
  if (salary === null) throw new UserError("Escribe el salario diario en pesos con hasta dos decimales, por ejemplo 500.00.", "salario");
  const years = parseWhole(field(form, "antiguedad"));
  if (years === null || years < 1 || years > 80) throw new UserError("Escribe los años de servicio cumplidos como número entero, desde 1.", "antiguedad");
  const percent = parseDecimal(field(form, "porcentaje"), 2);
  if (percent === null) throw new UserError("Escribe el porcentaje de la prima con hasta dos decimales, por ejemplo 25.", "porcentaje");
  if (percent < 2500n) throw new UserError("La prima vacacional es de al menos 25 % (artículo 80 de la LFT).", "porcentaje");
  const year = field(form, "anio");
  const uma = await umaOf(year);
  const { days, wages, premium, cap, exempt, taxed } = vacationPremiumCalculation(salary, years, percent, uma);
  return [
    total("Prima vacacional", formatPesos(premium), "resultado-prima"),
    dl([
      ["Días de vacaciones", `${days} (por ${years} ${years === 1 ? "año" : "años"} de servicio)`],
      ["Salario de los días de vacaciones", formatPesos(wages)],
      ["Porcentaje de prima", `${formatScaled(percent, 2)}\u00a0%`],
      [`Tope exento: 15 UMA de ${year}`, formatPesos(cap)],
      ["Parte exenta de ISR", formatPesos(exempt)],
      ["Parte gravada", formatPesos(taxed)],
    ]),
    curlLine("/calculos/prima-vacacional", { salarioDiario: apiNumber(salary, 2), antiguedad: String(years), porcentaje: apiNumber(percent, 2), anio: year }),
  ];
});
