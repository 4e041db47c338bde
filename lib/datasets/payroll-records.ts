// The API records of the payroll-tax tables: subsidio para el empleo rules (and the days each is served) and RESICO rates.
import type { ResicoRow } from "../../sources/resico.ts";
import type { SubsidyRow } from "../../sources/subsidio-empleo.ts";
import { subsidyRuleLastDay } from "../../core/calculations.ts";
import { addDays } from "../../core/dates.ts";
import type { ResicoRate, SubsidioEmpleoRule } from "../../core/payroll-schemas.ts";

export function subsidyRule(r: SubsidyRow): SubsidioEmpleoRule {
  const open = { vigenteDesde: r.from, vigenteHasta: r.to };
  return {
    ...open,
    datosHasta: subsidyRuleLastDay(open),
    porcentajeUmaMensual: r.percent,
    umaMensual: r.umaMonthly,
    montoMensual: r.monthlyAmount,
    topeIngresoMensual: r.incomeCeiling,
    instrumento: r.instrument,
    fuentes: r.sources,
  };
}

/** Every day some rule applies to, with its rule: the files of /subsidio-empleo/{fecha}. */
export function* subsidyDays(rows: readonly SubsidyRow[]): Generator<{ date: string; rule: SubsidioEmpleoRule }> {
  for (const row of rows) {
    const rule = subsidyRule(row);
    for (let date = rule.vigenteDesde; date <= rule.datosHasta; date = addDays(date, 1)) yield { date, rule };
  }
}

/** RESICO rows as published: each with the lower limit that the previous row's upper limit implies. */
export function resicoRates(rows: readonly ResicoRow[]): ResicoRate[] {
  return rows.map((r, i) => {
    const prev = rows[i - 1];
    const lower = prev !== undefined && prev.period === r.period ? Math.round(prev.upperLimit * 100 + 1) / 100 : 0.01;
    return { periodo: r.period, limiteInferior: lower, limiteSuperior: r.upperLimit, tasa: r.percent, fundamento: r.legal };
  });
}
