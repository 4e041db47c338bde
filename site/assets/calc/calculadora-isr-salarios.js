// Calculator: ISR on wages with the Art. 96 LISR tariff of the chosen year and pay period, the subsidio para el empleo of the month and the ISR to withhold.
import { formatPesos, isrCalculation, parseDecimal, scaled, subsidyCalculation, subsidyRuleOn, withheldAfterSubsidy } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, getJson, isrRowLines, notice, total, UserError } from "./ui.js";

/** The first day the project has subsidy rules for (decree of DOF 2024-05-01). */
const SUBSIDY_FROM = "2024-05-01";

/** The subsidy lines of the result, or a notice saying why there is none. */
async function subsidyPart(period, date, income, isr) {
  if (period === "anual") return { notes: [notice("El subsidio para el empleo se aplica por periodo de pago de hasta un mes, no con la tarifa anual.")] };
  if (date < SUBSIDY_FROM) {
    return { notes: [notice(`No tenemos datos del subsidio para el empleo antes del 1 de mayo de 2024 (la tabla por rangos de ingreso de entonces); no lo estimamos.`)] };
  }
  const rules = (await getJson("/subsidio-empleo")) ?? [];
  const rule = subsidyRuleOn(rules, date);
  if (rule === null) return { notes: [notice(`No hay regla del subsidio para el empleo registrada para ${date.slice(0, 7)}.`)] };
  const s = subsidyCalculation(rule, period, income);
  const notes = [];
  if (rule.vigenteDesde.endsWith("-01-01")) notes.push(notice("En enero rige el porcentaje transitorio del decreto, sobre la UMA mensual del año anterior."));
  if (!s.eligible) notes.push(notice(`El ingreso rebasa el tope de ${formatPesos(s.ceiling)} mensuales (proporcional a los días del periodo): no hay subsidio.`));
  return {
    withheld: withheldAfterSubsidy(isr, s.amount),
    subsidy: s.amount,
    rows: [
      ["Subsidio para el empleo del periodo", formatPesos(s.amount)],
      ["Subsidio mensual", `${formatPesos(s.monthly)} (${rule.porcentajeUmaMensual} % de la UMA mensual de ${formatPesos(scaled(rule.umaMensual, 2))})`],
      ["Tope de ingreso mensual", formatPesos(s.ceiling)],
      ["Decreto", rule.instrumento],
    ],
    notes,
  };
}

calculator("calc", async (form) => {
  const year = field(form, "anio");
  const period = field(form, "periodo");
  const month = field(form, "mes");
  const income = parseDecimal(field(form, "ingreso"), 2);
  if (income === null) throw new UserError("Escribe el ingreso en pesos con punto decimal y hasta dos decimales, por ejemplo 20,000.00.", "ingreso");
  const tariff = await getJson(`/tarifa/isr/${encodeURIComponent(year)}/${encodeURIComponent(period)}`);
  if (tariff === null) throw new UserError(`No hay tarifa ${period} publicada para ${year}.`, "anio");
  const r = isrCalculation(tariff.rows, income);
  const isr = r === null ? 0n : r.isr;
  const part = await subsidyPart(period, `${year}-${month}-01`, income, isr);
  const call = curlLine("/calculos/isr", { ingreso: apiNumber(income, 2), periodo: period, anio: year, mes: `${year}-${month}` });
  const withheld = part.withheld === undefined ? [] : [total("ISR a retener", formatPesos(part.withheld), "resultado-retencion")];
  const tariffRows = isrRowLines(r, "el ingreso es menor que el límite inferior del primer renglón: no hay impuesto");
  return [
    ...withheld,
    total("ISR de la tarifa, antes del subsidio", formatPesos(isr), "resultado-isr"),
    dl([["Tarifa", `${period}, ${year}`], ["Ingreso gravado", formatPesos(income)], ...tariffRows, ...(part.rows ?? [])]),
    ...part.notes,
    call,
  ];
});
