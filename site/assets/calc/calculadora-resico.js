// Calculator: ISR of the RESICO for personas físicas (Arts. 113-E monthly and 113-F annual LISR): one rate on the whole income.
import { formatPesos, formatTrimmed, parseDecimal, resicoCalculation, scaled } from "./core.js";
import { apiNumber, calculator, curlLine, dl, field, getJson, notice, total, UserError } from "./ui.js";

calculator("calc", async (form) => {
  const period = field(form, "periodo");
  const income = parseDecimal(field(form, "ingreso"), 2);
  if (income === null) throw new UserError("Escribe los ingresos en pesos con punto decimal y hasta dos decimales, por ejemplo 40,000.00.", "ingreso");
  const all = await getJson("/resico/tasas");
  if (all === null) throw new UserError("No hay tabla de tasas del RESICO publicada.");
  const rows = all.filter((r) => r.periodo === period);
  const r = resicoCalculation(rows, income);
  const call = curlLine("/calculos/resico", { ingreso: apiNumber(income, 2), periodo: period });
  if (r === null) {
    return [
      total("ISR del RESICO", "no aplica", "resultado-resico"),
      notice("Los ingresos rebasan 3,500,000.00: quien excede ese monto en el ejercicio deja de tributar en el RESICO (artículo 113-E de la LISR)."),
      call,
    ];
  }
  const row = rows[r.index];
  return [
    total("ISR del RESICO", formatPesos(r.tax), "resultado-resico"),
    dl([
      ["Ingresos del periodo", formatPesos(income)],
      ["Renglón", `del ${formatPesos(scaled(row.limiteInferior, 2))} al ${formatPesos(scaled(row.limiteSuperior, 2))}`],
      ["Tasa sobre el total", `${formatTrimmed(r.percent2, 2)} %`],
      ["Fundamento", row.fundamento],
    ]),
    call,
  ];
});
