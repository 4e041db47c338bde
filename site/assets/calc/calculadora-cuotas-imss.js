// Calculator: IMSS and INFONAVIT employee and employer contributions for a daily SBC over a period, concept by concept.
import { cesantiaBand, formatPesos, formatScaled, parseDecimal, parseWhole, percentOf, scaled } from "./money.js";
import { calculator, el, field, notice, total, umaOf, UserError } from "./ui.js";

// The rates of the Ley del Seguro Social and the Ley del INFONAVIT, written into the page by the build.
const TABLE = JSON.parse(document.getElementById("tasas-imss")?.textContent ?? "{}");

const pct5 = (percent) => scaled(percent, 5);
const BASE_LABELS = { "prima-de-riesgo": "SBC", uma: "UMA", "sbc-excedente-3-uma": "SBC excedente de 3 UMA", sbc: "SBC" };

function cesantiaPercent(year, band) {
  if (Number(year) < 2023) return TABLE.before2023;
  const row = TABLE.cesantia[String(year)];
  if (!row) throw new UserError(`No hay tabla de cuotas patronales de cesantía y vejez para ${year}.`, "anio");
  return row[band];
}

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
  const uma = scaled(record.uma, 2);
  const minimum = scaled(record.salarioMinimo, 2);
  const nodes = [];
  let sbc = typed;
  if (sbc < minimum) {
    sbc = minimum;
    nodes.push(notice(`El SBC no puede ser menor que el salario mínimo; se usa ${formatPesos(minimum)}.`));
  }
  if (sbc > uma * 25n) {
    sbc = uma * 25n;
    nodes.push(notice(`El SBC tiene un tope de 25 UMA; se usa ${formatPesos(sbc)}.`));
  }
  const band = cesantiaBand(sbc, uma, minimum);
  const excess = sbc > uma * 3n ? sbc - uma * 3n : 0n;
  const rows = TABLE.rates.map((r) => {
    const base = r.base === "uma" ? uma : r.base === "sbc-excedente-3-uma" ? excess : sbc;
    const employerPercent = r.base === "prima-de-riesgo" ? risk : r.employer === null ? pct5(cesantiaPercent(year, band)) : pct5(r.employer);
    const concept = r.employer === null && r.base !== "prima-de-riesgo"
      ? `${r.concept} (patrón ${formatScaled(employerPercent, 5).replace(/0+$/, "").replace(/\.$/, "")} %, rango ${TABLE.bands[band]})`
      : r.concept;
    return { concept, base: BASE_LABELS[r.base] ?? r.base, worker: percentOf(base, days, pct5(r.worker)), employer: percentOf(base, days, employerPercent) };
  });
  const totals = rows.reduce((t, r) => ({ worker: t.worker + r.worker, employer: t.employer + r.employer }), { worker: 0n, employer: 0n });
  // Art. 36 LSS: for a worker on the minimum wage the employer pays the worker's share too.
  if (sbc <= minimum) {
    totals.employer += totals.worker;
    totals.worker = 0n;
    nodes.push(notice("Con un SBC igual al salario mínimo, el patrón paga también las cuotas del trabajador (artículo 36 de la LSS); ya están sumadas en su total."));
  }
  return [
    total("Cuotas del trabajador", formatPesos(totals.worker), "resultado-trabajador"),
    total("Cuotas del patrón", formatPesos(totals.employer), "resultado-patron"),
    ...nodes,
    el("p", {}, `SBC diario ${formatPesos(sbc)} por ${days} ${days === 1 ? "día" : "días"}; UMA de ${year}: ${formatPesos(uma)}.`),
    table(rows, totals),
  ];
});
