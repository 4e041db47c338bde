// The /calculos/isr-anual (Art. 152 LISR) and /calculos/resico (Arts. 113-E, 113-F LISR) results, from the API's own records.
import { isrCalculation, resicoCalculation } from "../../core/calculations.ts";
import { RESICO_CEILING } from "../../sources/resico.ts";
import { notFound } from "../http-kit/errors.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { CalcIsrAnual, CalcResico } from "../../core/payroll-schemas.ts";
import { rowUsed } from "./isr.ts";
import type { CalcRecords } from "./records.ts";
import { decimalParam, num, pesos, wholeParam } from "./results.ts";

export function isrAnualResult(records: CalcRecords, query: QueryValues): CalcIsrAnual {
  const base = decimalParam(query, "ingresoGravable", 2);
  const year = wholeParam(query, "anio");
  const tariff = records.tariff(year, "anual");
  if (tariff === undefined) throw notFound(`No hay tarifa anual de ISR (Art. 152 LISR) publicada para ${year}.`);
  const r = isrCalculation(tariff.record.rows, base);
  return {
    ingresoGravable: pesos(base),
    anio: year,
    isr: r === null ? 0 : pesos(r.isr),
    renglon: r === null ? null : rowUsed(r),
    fundamento:
      "Art. 152 de la Ley del ISR, tarifa anual del Anexo 8 de la RMF: (base − límite inferior) × tasa marginal, redondeado al centavo, + cuota fija.",
    limites:
      "La base la determina quien declara: ingresos acumulables menos deducciones autorizadas y personales (Art. 151). No se restan retenciones, pagos provisionales " +
      "ni el subsidio, ni se hace el cálculo anual del patrón (Art. 97).",
    datos: { tarifa: { anio: year, periodo: "anual", fuente: tariff.record.source, ruta: tariff.path } },
  };
}

export function resicoResult(records: CalcRecords, query: QueryValues): CalcResico {
  const income = decimalParam(query, "ingreso", 2);
  // The route table's enum checked it before the handler ran.
  const period = String(query["periodo"]) as CalcResico["periodo"];
  const table = records.resico();
  if (table === undefined) throw notFound("No hay tabla de tasas del RESICO publicada.");
  const rows = table.record.filter((r) => r.periodo === period);
  const r = resicoCalculation(rows, income);
  const row = r === null ? null : (rows[r.index] ?? null);
  return {
    ingreso: pesos(income),
    periodo: period,
    tasa: r === null ? null : num(r.percent2, 2),
    isr: r === null ? null : pesos(r.tax),
    renglon: row,
    excedeTope: r === null,
    nota:
      r === null
        ? `El ingreso rebasa ${RESICO_CEILING.toLocaleString("en-US", { minimumFractionDigits: 2 })}: quien excede ese monto en el ejercicio deja de tributar en el RESICO ` +
          "y paga el ISR en el régimen general que le corresponda (Art. 113-E LISR); este cálculo no lo hace."
        : null,
    fundamento:
      period === "mensual"
        ? "Art. 113-E de la Ley del ISR: pago mensual, la tasa del renglón sobre el total de los ingresos del mes efectivamente cobrados, sin IVA."
        : "Art. 113-F de la Ley del ISR: la tasa del renglón sobre el total de los ingresos del ejercicio efectivamente cobrados, sin IVA; se restan los pagos mensuales.",
    limites:
      "Sin deducciones (el RESICO de personas físicas no las tiene). No resta retenciones del 1.25 % que hagan las personas morales (Art. 113-J), ni pagos provisionales, ni calcula el IVA.",
    datos: { fuente: "Ley del ISR, Arts. 113-E y 113-F (DOF 12/11/2021)", ruta: table.path },
  };
}
