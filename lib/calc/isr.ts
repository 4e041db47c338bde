// The /calculos/isr result: the Art. 96 tariff's ISR, the subsidio para el empleo of the pay period and the ISR to withhold.
import {
  isrCalculation,
  subsidyCalculation,
  subsidyRuleLastDay,
  subsidyRuleOn,
  withheldAfterSubsidy,
  type SubsidyPeriod,
} from "../../core/calculations.ts";
import { SUBSIDY_FIRST_DATE } from "../../sources/subsidio-checks.ts";
import type { CalcIsr } from "../../core/calc-schemas.ts";
import { API_BASE } from "../route-paths.ts";
import { badRequest, notFound } from "../http-kit/errors.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { IsrResult } from "../../core/money.ts";
import type { CalcRecords } from "./records.ts";
import { decimalParam, num, pesos, wholeParam } from "./results.ts";

/** The tariff row as the results state it (shared with the annual calculation). */
export const rowUsed = (r: IsrResult) => ({
  numero: r.index + 1,
  limiteInferior: pesos(r.lower),
  limiteSuperior: r.upper === null ? null : pesos(r.upper),
  excedente: pesos(r.excess),
  tasaMarginal: num(r.rateMicro, 6),
  impuestoMarginal: pesos(r.marginal),
  cuotaFija: pesos(r.fixed),
});

/**
 * The tariff's year and the day whose subsidy rule applies: `fecha`, or the first day of `mes`; the year is `anio`, or
 * that day's when `anio` is left out, and the day must fall in it.
 */
function yearAndPaymentDate(query: QueryValues): { year: number; day: string | null } {
  const date = query["fecha"] === undefined ? undefined : String(query["fecha"]);
  const month = query["mes"] === undefined ? undefined : String(query["mes"]);
  if (date !== undefined && month !== undefined) throw badRequest("Envíe fecha (día de pago) o mes, no ambos.");
  const day = date ?? (month === undefined ? null : `${month}-01`);
  if (query["anio"] === undefined) {
    if (day === null) throw badRequest("Envíe anio (el año de la tarifa), fecha (día de pago) o mes.");
    return { year: Number(day.slice(0, 4)), day };
  }
  const year = wholeParam(query, "anio");
  if (day !== null && !day.startsWith(`${year}-`)) {
    throw badRequest(`La ${date === undefined ? "mes" : "fecha"} de pago (${date ?? month}) no es del año de la tarifa (anio=${year}).`);
  }
  return { year, day };
}

/** The subsidy as stated, with its amount in centavos (null with it). */
type Subsidy = Pick<CalcIsr, "subsidio" | "nota"> & { centavos: bigint | null };

const none = (nota: string): Subsidy => ({ subsidio: null, nota, centavos: null });

function subsidyOf(records: CalcRecords, period: CalcIsr["periodo"], income: bigint, date: string | null): Subsidy {
  if (date === null) {
    return none(
      "Sin fecha ni mes de pago no se aplica el subsidio para el empleo: su regla depende del día (en enero rige una transitoria). Envíe fecha o mes.",
    );
  }
  if (period === "anual") return none("El subsidio para el empleo se aplica por periodo de pago de hasta un mes, no con la tarifa anual.");
  if (date < SUBSIDY_FIRST_DATE) {
    return none(
      `Fiscal MX no tiene datos del subsidio para el empleo antes del ${SUBSIDY_FIRST_DATE} (la tabla por rangos de ingreso vigente hasta entonces); no se estima.`,
    );
  }
  const rules = records.subsidies()?.record ?? [];
  const rule = subsidyRuleOn(rules, date);
  if (rule === null) {
    const last = rules.at(-1);
    return none(
      `No hay regla del subsidio para el empleo registrada para el ${date}${last ? `; los datos llegan al ${subsidyRuleLastDay(last)}` : ""}.`,
    );
  }
  const s = subsidyCalculation(rule, period as SubsidyPeriod, income);
  const notes = [
    ...(rule.vigenteDesde.endsWith("-01-01")
      ? ["En enero rige el porcentaje transitorio del decreto, sobre la UMA mensual del año anterior."]
      : []),
    ...(s.eligible
      ? []
      : [
          `El ingreso rebasa el tope de ${rule.topeIngresoMensual.toFixed(2)} mensuales (proporcional a los días del periodo): no hay subsidio.`,
        ]),
  ];
  return {
    centavos: s.amount,
    subsidio: {
      monto: pesos(s.amount),
      aplica: s.eligible,
      dias: Number(s.days10) / 10,
      montoMensual: rule.montoMensual,
      porcentajeUmaMensual: rule.porcentajeUmaMensual,
      umaMensual: rule.umaMensual,
      topeIngresoMensual: rule.topeIngresoMensual,
      vigenteDesde: rule.vigenteDesde,
      instrumento: rule.instrumento,
      fundamento:
        `${rule.instrumento}. ${rule.porcentajeUmaMensual} % de la UMA mensual a quien no rebasa el tope de ingreso; en periodos menores a un mes, ` +
        "el monto mensual ÷ 30.4 × días. Se acredita contra el ISR del periodo y no se entrega en efectivo.",
      ruta: `${API_BASE}/subsidio-empleo/${date}`,
    },
    nota: notes.length === 0 ? null : notes.join(" "),
  };
}

export function isrResult(records: CalcRecords, query: QueryValues): CalcIsr {
  const income = decimalParam(query, "ingreso", 2);
  // The route table's enum checked it before the handler ran.
  const period = String(query["periodo"]) as CalcIsr["periodo"];
  const { year, day: date } = yearAndPaymentDate(query);
  const tariff = records.tariff(year, period);
  if (tariff === undefined) throw notFound(`No hay tarifa ${period} de ISR publicada para ${year}.`);
  const r = isrCalculation(tariff.record.rows, income);
  const isr = r === null ? 0n : r.isr;
  const { subsidio, nota, centavos } = subsidyOf(records, period, income, date);
  return {
    ingreso: pesos(income),
    periodo: period,
    anio: year,
    isr: pesos(isr),
    renglon: r === null ? null : rowUsed(r),
    fundamento:
      "Art. 96 de la Ley del ISR: (ingreso − límite inferior) × tasa marginal, redondeado al centavo, + cuota fija; antes del subsidio para el empleo.",
    datos: { tarifa: { anio: tariff.record.year, periodo: period, fuente: tariff.record.source, ruta: tariff.path } },
    fechaPago: date,
    subsidio,
    isrARetener: centavos === null ? null : pesos(withheldAfterSubsidy(isr, centavos)),
    fundamentoRetencion:
      "Art. 96 de la Ley del ISR y decreto del subsidio para el empleo: ISR de la tarifa menos el subsidio del periodo; si el subsidio es mayor, no se retiene ISR y la diferencia no se entrega.",
    nota,
  };
}
