// The /calculos/recargos (Arts. 17-A and 21 CFF) and /calculos/sbc (Arts. 27 and 28 LSS) results, from the API's own records.
import { delayMonths, factorPeriods, latePaymentCalculation, sbcCalculation } from "../../core/calculations.ts";
import { formatScaled, integrationFactor4, scaled } from "../../core/money.ts";
import { badRequest, notFound } from "../http-kit/errors.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { CalcRecords } from "./records.ts";
import { decimalParam, inpcOf, num, pesos, umaOf, umaUsed, wholeParam } from "./results.ts";
import { filePath, routeById } from "../routes.ts";
import type { CalcRecargos, CalcSbc } from "../../core/late-schemas.ts";

/** Art. 21 CFF: "Los recargos se causarán hasta por cinco años, salvo en los casos a que se refiere el artículo 67". */
const MAX_MONTHS = 60;

const PUBLIC = "/api/v1/public";

export function recargosResult(records: CalcRecords, query: QueryValues): CalcRecargos {
  const amount = decimalParam(query, "monto", 2);
  const due = String(query["fechaLimite"]);
  const paid = String(query["fecha"]);
  if (paid <= due) {
    throw badRequest(
      `El parámetro fecha (${paid}), el día de pago, debe ser posterior a fechaLimite (${due}): un pago a tiempo no causa actualización ni recargos.`,
    );
  }
  const months = delayMonths(due, paid);
  if (months.length > MAX_MONTHS) {
    throw badRequest(
      `El parámetro fecha (${paid}), el día de pago, está a más de cinco años de fechaLimite (${due}): los recargos se causan hasta por cinco años salvo los casos del Art. 67 CFF (Art. 21 CFF), que este cálculo no resuelve.`,
    );
  }
  const periods = factorPeriods(due.slice(0, 7), paid.slice(0, 7));
  const late = inpcOf(records, periods.late);
  const early = inpcOf(records, periods.early);
  const table = records.recargos();
  if (table === undefined) throw notFound("No hay tasas de recargos publicadas.");
  const years = table.record.map((r) => r.anio);
  const detail = months.map((m) => {
    const row = table.record.find((r) => r.anio === m.year);
    if (row === undefined) {
      throw notFound(
        `No hay tasa de recargos de ${m.year} (el mes ${m.number} de mora empieza el ${m.from}); las tasas de la API cubren ${years[0]}–${years.at(-1)} y no se estiman.`,
      );
    }
    return { numero: m.number, desde: m.from, hasta: m.to, fraccion: m.fraction, anio: m.year, tasa: row.tasaMora };
  });
  const r = latePaymentCalculation(
    amount,
    late.record,
    early.record,
    detail.map((d) => scaled(d.tasa, 2)),
  );
  return {
    monto: pesos(amount),
    fechaLimite: due,
    fechaPago: paid,
    factorActualizacion: {
      factor: num(r.factor, 4),
      cociente: num(r.quotient8, 8),
      menorQueUno: r.belowOne,
      inpcReciente: { ...late.record, ruta: late.path },
      inpcAntiguo: { ...early.record, ruta: early.path },
    },
    montoActualizado: pesos(r.updated),
    actualizacion: pesos(r.update),
    meses: detail.length,
    tasaRecargos: num(r.rateSum2, 2),
    detalleMeses: detail,
    recargos: pesos(r.surcharges),
    total: pesos(r.total),
    fundamento:
      "Arts. 17-A y 21 del Código Fiscal de la Federación: factor de actualización = INPC del mes anterior al más reciente del periodo ÷ INPC del mes anterior al más antiguo, " +
      "hasta el diezmilésimo, 1 si es menor (Art. 17-A); recargos por cada mes o fracción desde el día en que debió hacerse el pago hasta que se efectúa, sobre el monto actualizado, " +
      "con la suma de las tasas de cada mes, hasta por cinco años (Art. 21); tasas de mora de la Ley de Ingresos de cada año.",
    nota:
      "No incluye multas, ni los recargos de prórroga o pago a plazos (Art. 66 CFF), ni el caso del Art. 67 CFF. Si se pagó una parte a tiempo, envíe la diferencia: " +
      "los recargos se computan sobre ella (Art. 21 CFF). fechaLimite es el último día del plazo, ya recorrido al siguiente día hábil si caía en inhábil (Art. 12 CFF).",
    datos: {
      tasas: table.path,
      inpc: "INEGI, Índice Nacional de Precios al Consumidor, índice general (indicador 628194)",
    },
  };
}

const optional = (query: QueryValues, name: string, decimals: number): bigint | null =>
  query[name] === undefined ? null : decimalParam(query, name, decimals);

export function sbcResult(records: CalcRecords, query: QueryValues): CalcSbc {
  const salary = decimalParam(query, "salarioDiario", 2);
  const serviceYear = Number(decimalParam(query, "anioServicio", 0));
  const year = wholeParam(query, "anio");
  const variable = optional(query, "variables", 2) ?? 0n;
  const ownAguinaldo = optional(query, "aguinaldo", 0);
  const ownVacation = optional(query, "vacaciones", 0);
  const ownPremium = optional(query, "porcentaje", 2);
  const table = records.factorIntegracion();
  const row = table?.record.find((r) => r.anioServicioDesde <= serviceYear && serviceYear <= r.anioServicioHasta);
  if (table === undefined || row === undefined)
    throw notFound(`No hay factor de integración publicado para el año de servicio ${serviceYear}.`);
  if (ownVacation !== null && ownVacation < BigInt(row.diasVacaciones)) {
    throw badRequest(
      `El parámetro vacaciones (${ownVacation}) es menor que los ${row.diasVacaciones} días que el Art. 76 LFT da en el año de servicio ${serviceYear}.`,
    );
  }
  const uma = umaOf(records, year);
  const own = ownAguinaldo !== null || ownVacation !== null || ownPremium !== null;
  const aguinaldoDays = Number(ownAguinaldo ?? BigInt(row.diasAguinaldo));
  const vacationDays = Number(ownVacation ?? BigInt(row.diasVacaciones));
  const premium2 = ownPremium ?? scaled(row.primaVacacional, 2);
  const factor4 = own ? integrationFactor4(aguinaldoDays, vacationDays, premium2) : scaled(row.factor, 4);
  const r = sbcCalculation(salary, factor4, variable, uma.record);
  return {
    salarioDiario: pesos(salary),
    anioServicio: serviceYear,
    anio: year,
    diasAguinaldo: aguinaldoDays,
    diasVacaciones: vacationDays,
    primaVacacional: num(premium2, 2),
    prestaciones: own ? "del-patron" : "minimos-de-ley",
    factorMinimo: row.factor,
    factor: num(factor4, 4),
    sdiFijo: pesos(r.fixed),
    partesVariables: pesos(variable),
    salarioIntegrado: pesos(r.integrated),
    tope25Uma: pesos(r.cap),
    topado: r.capped,
    sbc: pesos(r.sbc),
    menorQueSalarioMinimo: r.sbc < scaled(uma.record.salarioMinimo, 2),
    rutaCuotasImss: `${PUBLIC}${routeById("calcCuotasImss").path}?sbc=${formatScaled(r.sbc, 2).replace(/,/g, "")}&anio=${year}`,
    fundamento:
      "Art. 27 de la Ley del Seguro Social (el salario base de cotización se integra con la cuota diaria, gratificaciones, primas y demás prestaciones) y Art. 28 (límite superior de 25 UMA); " +
      "aguinaldo, vacaciones y prima vacacional mínimos de los Arts. 87, 76 y 80 de la Ley Federal del Trabajo.",
    datos: { uma: umaUsed(uma), tabla: filePath(routeById("factorIntegracionList")).replace(/\.json$/, "") },
  };
}
