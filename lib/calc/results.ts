// The JSON results of the /calculos routes, from the shared calculations (core/calculations.ts) and the API's records.
import {
  aguinaldoCalculation,
  factorCalculation,
  factorPeriods,
  imssCalculation,
  MissingDataError,
  vacationPremiumCalculation,
} from "../../core/calculations.ts";
import { imssRateTable } from "../imss-table.ts";
import { imss } from "../../sources/imss.ts";
import { badRequest, notFound } from "../http-kit/errors.ts";
import { scaledDecimal } from "../http-kit/query.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { CalcRecords } from "./records.ts";
import type { InpcRecord, UmaRecord } from "../../core/schemas.ts";
import type { CalcAguinaldo, CalcCuotasImss, CalcFactorActualizacion, CalcPrimaVacacional, UmaUsed } from "../../core/calc-schemas.ts";
import { MONTH_NAMES } from "../../core/dates.ts";

/** An integer scaled by 10^decimals as a JSON number (exact for the bounds of the routes). */
export const num = (scaledValue: bigint, decimals: number): number => Number(scaledValue) / 10 ** decimals;
export const pesos = (centavos: bigint): number => num(centavos, 2);

const monthName = (period: string): string => `${MONTH_NAMES[Number(period.slice(5)) - 1]} de ${period.slice(0, 4)}`;

/** A checked parameter (the API app validated it against the route table) read exactly. */
export function decimalParam(query: QueryValues, name: string, decimals: number): bigint {
  return scaledDecimal(String(query[name]), decimals) as bigint;
}
export const wholeParam = (query: QueryValues, name: string): number => Number(query[name]);

export function umaOf(records: CalcRecords, year: number): { path: string; record: UmaRecord } {
  const found = records.uma(year);
  if (found === undefined) throw notFound(`No hay UMA ni salario mínimo publicados para ${year}.`);
  return found;
}

export function umaUsed({ path, record }: { path: string; record: UmaRecord }): UmaUsed {
  return {
    anio: record.year,
    uma: record.uma,
    umaVigenteDesde: record.umaVigenteDesde,
    salarioMinimo: record.salarioMinimo,
    salarioMinimoVigenteDesde: record.salarioMinimoVigenteDesde,
    fuente: record.source,
    ruta: path,
  };
}

/** The INPC of a month, or the 404 that names it: the API never estimates an index not yet published. */
export function inpcOf(records: CalcRecords, period: string): { path: string; record: InpcRecord } {
  const found = records.inpc(period);
  if (found === undefined) {
    throw notFound(
      `No hay INPC publicado de ${monthName(period)} (${period}), que el factor necesita; la API no estima índices no publicados.`,
    );
  }
  return found;
}

export function factorResult(records: CalcRecords, query: QueryValues): CalcFactorActualizacion {
  const from = String(query["desde"]);
  const to = String(query["hasta"]);
  if (to < from) throw badRequest(`El parámetro hasta (${to}) no puede ser anterior a desde (${from}).`);
  const amount = query["monto"] === undefined ? null : decimalParam(query, "monto", 2);
  const periods = factorPeriods(from, to);
  const late = inpcOf(records, periods.late);
  const early = inpcOf(records, periods.early);
  const f = factorCalculation(late.record, early.record, amount);
  return {
    desde: from,
    hasta: to,
    factor: num(f.factor, 4),
    cociente: num(f.quotient8, 8),
    menorQueUno: f.belowOne,
    monto: amount === null ? null : pesos(amount),
    montoActualizado: f.updated === null ? null : pesos(f.updated),
    fundamento:
      "Art. 17-A del Código Fiscal de la Federación: INPC del mes anterior al más reciente del periodo ÷ INPC del mes anterior al más antiguo, hasta el diezmilésimo; 1 si es menor.",
    datos: {
      inpcReciente: { ...late.record, ruta: late.path },
      inpcAntiguo: { ...early.record, ruta: early.path },
      fuente: "INEGI, Índice Nacional de Precios al Consumidor, índice general (indicador 628194)",
    },
  };
}

export function imssResult(records: CalcRecords, query: QueryValues): CalcCuotasImss {
  const typed = decimalParam(query, "sbc", 2);
  const risk = decimalParam(query, "primaRiesgo", 5);
  const days = wholeParam(query, "dias");
  const year = wholeParam(query, "anio");
  const uma = umaOf(records, year);
  let r: ReturnType<typeof imssCalculation>;
  try {
    r = imssCalculation(typed, days, risk, year, uma.record, imssRateTable);
  } catch (err) {
    throw err instanceof MissingDataError ? notFound(err.message) : err;
  }
  const cesantia = r.rows.find((row) => row.byBand);
  return {
    sbcCapturado: pesos(typed),
    sbc: pesos(r.sbc),
    ajusteSbc: r.adjusted,
    dias: days,
    anio: year,
    primaRiesgo: num(risk, 5),
    rangoCesantia: { indice: r.band, rango: r.bandLabel, tasaPatron: cesantia === undefined ? 0 : num(cesantia.employerPercent5, 5) },
    conceptos: r.rows.map((row) => ({
      concepto: row.concept,
      fundamento: row.legal,
      base: row.base,
      baseDiaria: pesos(row.baseCentavos),
      tasaTrabajador: num(row.workerPercent5, 5),
      tasaPatron: num(row.employerPercent5, 5),
      trabajador: pesos(row.worker),
      patron: pesos(row.employer),
    })),
    totales: { trabajador: pesos(r.totals.worker), patron: pesos(r.totals.employer), total: pesos(r.totals.worker + r.totals.employer) },
    patronPagaCuotasTrabajador: r.minimumWageRule,
    fundamento:
      "Ley del Seguro Social (Arts. 25, 28, 36, 71-74, 106, 107, 147, 168, 211 y la tabla transitoria de cesantía y vejez de la reforma de 2020) y Ley del INFONAVIT (Art. 29).",
    datos: { uma: umaUsed(uma), tasas: imss.citation },
  };
}

export function aguinaldoResult(records: CalcRecords, query: QueryValues): CalcAguinaldo {
  const salary = decimalParam(query, "salarioDiario", 2);
  const days = wholeParam(query, "dias");
  const worked = wholeParam(query, "diasTrabajados");
  const year = wholeParam(query, "anio");
  const uma = umaOf(records, year);
  const r = aguinaldoCalculation(salary, days, worked, uma.record);
  return {
    salarioDiario: pesos(salary),
    dias: days,
    diasTrabajados: worked,
    anio: year,
    diasQueCorresponden: num(r.daysDue1000, 3),
    aguinaldo: pesos(r.amount),
    topeExento: pesos(r.cap),
    exento: pesos(r.exempt),
    gravado: pesos(r.taxed),
    fundamento:
      "Art. 87 de la Ley Federal del Trabajo (al menos 15 días, proporcional a los días trabajados); exento de ISR hasta 30 UMA diarias (Art. 93, fr. XIV, de la Ley del ISR).",
    datos: { uma: umaUsed(uma) },
  };
}

export function vacationPremiumResult(records: CalcRecords, query: QueryValues): CalcPrimaVacacional {
  const salary = decimalParam(query, "salarioDiario", 2);
  const years = wholeParam(query, "antiguedad");
  const percent = decimalParam(query, "porcentaje", 2);
  const year = wholeParam(query, "anio");
  const uma = umaOf(records, year);
  const r = vacationPremiumCalculation(salary, years, percent, uma.record);
  return {
    salarioDiario: pesos(salary),
    antiguedad: years,
    porcentaje: num(percent, 2),
    anio: year,
    diasVacaciones: r.days,
    salarioVacaciones: pesos(r.wages),
    primaVacacional: pesos(r.premium),
    topeExento: pesos(r.cap),
    exento: pesos(r.exempt),
    gravado: pesos(r.taxed),
    fundamento:
      "Arts. 76 (días de vacaciones desde 2023) y 80 (prima de al menos 25 %) de la Ley Federal del Trabajo; exenta de ISR hasta 15 UMA diarias (Art. 93, fr. XIV, de la Ley del ISR).",
    datos: { uma: umaUsed(uma) },
  };
}
