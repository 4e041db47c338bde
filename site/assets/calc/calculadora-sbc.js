// Calculator: the salario base de cotización, daily salary × integration factor + variable parts, capped at 25 UMA (Arts. 27, 28 LSS).
import { formatPesos, formatScaled, integrationFactor4, parseDecimal, parseWhole, sbcCalculation, scaled } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, getJson, notice, total, umaOf, UserError } from "./ui.js";

/** An optional whole number of days, at least `min`; null when left empty. */
function optionalDays(form, name, min, what) {
  const text = field(form, name);
  if (text === "") return null;
  const n = parseWhole(text);
  if (n === null || n < min || n > 365) throw new UserError(`Escribe ${what} como número entero de ${min} a 365, o déjalo vacío.`, name);
  return n;
}

calculator("calc", async (form) => {
  const salary = parseDecimal(field(form, "salario"), 2);
  if (salary === null || salary === 0n) throw new UserError("Escribe el salario diario en pesos con hasta dos decimales, por ejemplo 200.00.", "salario");
  const serviceYear = parseWhole(field(form, "anioServicio"));
  if (serviceYear === null || serviceYear < 1) throw new UserError("Escribe el año de servicio como número entero, desde 1.", "anioServicio");
  const variablesText = field(form, "variables");
  const variables = variablesText === "" ? 0n : parseDecimal(variablesText, 2);
  if (variables === null) throw new UserError("Escribe la parte variable diaria en pesos con hasta dos decimales, o déjala vacía.", "variables");
  const ownAguinaldo = optionalDays(form, "aguinaldo", 15, "los días de aguinaldo");
  const ownVacation = optionalDays(form, "vacaciones", 1, "los días de vacaciones");
  const premiumText = field(form, "prima");
  const ownPremium = premiumText === "" ? null : parseDecimal(premiumText, 2);
  if (premiumText !== "" && (ownPremium === null || ownPremium < 2500n || ownPremium > 10000n)) {
    throw new UserError("La prima vacacional es de al menos 25 % (artículo 80 de la LFT) y a lo más 100 %.", "prima");
  }
  const table = await getJson("/imss/factor-integracion");
  const row = Array.isArray(table) ? table.find((r) => r.anioServicioDesde <= serviceYear && serviceYear <= r.anioServicioHasta) : undefined;
  if (!row) throw new UserError(`No hay factor de integración para el año de servicio ${serviceYear} en los datos.`, "anioServicio");
  if (ownVacation !== null && ownVacation < row.diasVacaciones) {
    throw new UserError(`En el año de servicio ${serviceYear} la ley da al menos ${row.diasVacaciones} días de vacaciones (artículo 76 de la LFT).`, "vacaciones");
  }
  const year = field(form, "anio");
  const uma = await umaOf(year);
  const own = ownAguinaldo !== null || ownVacation !== null || ownPremium !== null;
  const aguinaldo = ownAguinaldo ?? row.diasAguinaldo;
  const vacation = ownVacation ?? row.diasVacaciones;
  const premium = ownPremium ?? scaled(row.primaVacacional, 2);
  const factor = own ? integrationFactor4(aguinaldo, vacation, premium) : scaled(row.factor, 4);
  const r = sbcCalculation(salary, factor, variables, uma);
  const nodes = [total("Salario base de cotización diario", formatPesos(r.sbc), "resultado-sbc")];
  if (r.capped) nodes.push(notice(`El salario integrado rebasa 25 UMA de ${year}: el SBC se topa en ${formatPesos(r.cap)} (artículo 28 de la LSS).`));
  if (r.sbc < scaled(uma.salarioMinimo, 2)) nodes.push(notice(`Es menor que el salario mínimo general de ${year}: las cuotas del IMSS se calculan sobre el salario mínimo.`));
  nodes.push(
    dl([
      ["Prestaciones", own ? "las del patrón" : "las mínimas de ley"],
      ["Días de aguinaldo", String(aguinaldo)],
      ["Días de vacaciones", String(vacation)],
      ["Prima vacacional", `${formatScaled(premium, 2)}\u00a0%`],
      ["Factor de integración", formatScaled(factor, 4)],
      ["Salario diario integrado fijo", formatPesos(r.fixed)],
      ["Parte variable diaria", formatPesos(variables)],
      ["Salario integrado", formatPesos(r.integrated)],
      [`Tope: 25 UMA de ${year}`, formatPesos(r.cap)],
    ]),
    curlLine("/calculos/sbc", {
      salarioDiario: apiNumber(salary, 2),
      anioServicio: String(serviceYear),
      anio: year,
      ...(variablesText !== "" && { variables: apiNumber(variables, 2) }),
      ...(ownAguinaldo !== null && { aguinaldo: String(ownAguinaldo) }),
      ...(ownVacation !== null && { vacaciones: String(ownVacation) }),
      ...(ownPremium !== null && { porcentaje: apiNumber(ownPremium, 2) }),
    }),
  );
  return nodes;
});
