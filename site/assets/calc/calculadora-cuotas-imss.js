// Calculator: IMSS and INFONAVIT employee and employer contributions for a daily SBC over a period, concept by concept.
import { formatPesos, formatScaled, imssCalculation, MissingDataError, parseDecimal, parseWhole } from "./core.js";
import { apiNumber, calculator, curlLine, el, field, notice, total, umaOf, UserError } from "./ui.js";

// The rates of the Ley del Seguro Social and the Ley del INFONAVIT, written into the page by the build.
const TABLE = JSON.parse(document.getElementById("tasas-imss")?.textContent ?? "{}");

const BASE_LABELS = { "prima-de-riesgo": "SBC", uma: "UMA", "sbc-excedente-3-uma": "SBC excedente de 3 UMA", sbc: "SBC" };

function table(rows, totals) {
  const head = el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Concepto"), el("th", { scope: "col" }, "Base"),
    el("th", { scope: "col", class: "num" }, "Trabajador"), el("th", { scope: "col", class: "num" }, "Patrón")));
  const body = el("tbody");
  for (const r of rows) {
    body.append(el("tr", {}, el("th", { scope: "row" }, r.concept), el("td", {}, r.base),
      el("td", { class: "num" }, formatPesos(r.worker)), el("td", { class: "num" }, formatPesos(r.employer))));
  }
  const foot = el("tfoot", {}, el("tr", {}, el("th", { scope: "row" }, "Total"), el("td"),
    el("td", { class: "num" }, formatPesos(totals.worker)), el("td", { class: "num" }, formatPesos(totals.employer))));
  return el("div", { class: "table-wrap", role: "region", "aria-label": "Cuotas por concepto", tabindex: "0" }, el("table", {}, head, body, foot));
}

calculator("calc", async (form) => {
  const typed = parseDecimal(field(form, "sbc"), 2);
  if (typed === null) throw new UserError("Escribe el SBC diario en pesos con hasta dos decimales, por ejemplo 600.00.", "sbc");
  const days = parseWhole(field(form, "dias"));
  if (days === null || days < 1 || days > 31) throw new UserError("Los días del periodo deben ser un número entero de 1 a 31.", "dias");
  const risk = parseDecimal(field(form, "riesgo"), 5);
  if (risk === null || risk < 50_000n || risk > 1_500_000n) {
    throw new UserError("La prima de riesgo de trabajo va de 0.5 % a 15 % (artículo 74 de la LSS), con hasta cinco decimales.", "riesgo");
  }
  const year = field(form, "anio");
  const record = await umaOf(year);
  let r;
  try {
    r = imssCalculation(typed, days, risk, Number(year), record, TABLE);
  } catch (err) {
    throw err instanceof MissingDataError ? new UserError(err.message, "anio") : err;
  }
  const nodes = [];
  if (r.adjusted === "salario-minimo") nodes.push(notice(`El SBC no puede ser menor que el salario mínimo; se usa ${formatPesos(r.minimum)}.`));
  if (r.adjusted === "tope-25-uma") nodes.push(notice(`El SBC tiene un tope de 25 UMA; se usa ${formatPesos(r.sbc)}.`));
  const rows = r.rows.map((row) => ({
    concept: row.byBand
      ? `${row.concept} (patrón ${formatScaled(row.employerPercent5, 5).replace(/0+$/, "").replace(/\.$/, "")} %, rango ${r.bandLabel})`
      : row.concept,
    base: BASE_LABELS[row.base] ?? row.base, worker: row.worker, employer: row.employer,
  }));
  if (r.minimumWageRule) {
    nodes.push(notice("Con un SBC igual al salario mínimo, el patrón paga también las cuotas del trabajador (artículo 36 de la LSS); ya están sumadas en su total."));
  }
  return [
    total("Cuotas del trabajador", formatPesos(r.totals.worker), "resultado-trabajador"),
    total("Cuotas del patrón", formatPesos(r.totals.employer), "resultado-patron"),
    ...nodes,
    el("p", {}, `SBC diario ${formatPesos(r.sbc)} por ${days} ${days === 1 ? "día" : "días"}; UMA de ${year}: ${formatPesos(r.uma)}.`),
    table(rows, r.totals),
    curlLine("/calculos/cuotas-imss", { sbc: apiNumber(typed, 2), anio: year, primaRiesgo: apiNumber(risk, 5), dias: String(days) }),
  ];
});
