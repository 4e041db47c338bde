// Calculator: vacation days by seniority (Art. 76 LFT), the vacation premium (at least 25 %) and its ISR-exempt part up to 15 UMA.
import { exemptSplit, formatPesos, formatScaled, mulDivHalfUp, parseDecimal, parseWhole, scaled, vacationDays } from "./money.js";
import { calculator, dl, field, total, umaOf, UserError } from "./ui.js";

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
  const days = vacationDays(years);
  const wages = salary * BigInt(days);
  const premium = mulDivHalfUp(wages, percent, 10_000n);
  const cap = scaled(uma.uma, 2) * 15n;
  const { exempt, taxed } = exemptSplit(premium, cap);
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
  ];
});
