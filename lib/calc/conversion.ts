// The /calculos/conversion result: an amount converted at the FIX or the Art. 20 CFF rate of a date, or between pesos and UDIS.
import { fxConversion, udiConversion } from "../../core/calculations.ts";
import { SIE_SERIES } from "../datasets/series.ts";
import type { CalcConversion } from "../../core/calc-schemas.ts";
import { ART20_RULE, dofRate } from "../datasets/fx-dof.ts";
import { badRequest, notFound } from "../http-kit/errors.ts";
import { scaledDecimal, type QueryValues } from "../http-kit/query.ts";
import type { FxRate, UdiValue } from "../../core/schemas.ts";
import { missingDateDetail } from "../../core/series.ts";
import type { CalcRecords } from "./records.ts";
import { num, pesos } from "./results.ts";

type Currency = CalcConversion["moneda"];

const DEFAULT_TARGET: Record<Currency, Currency> = { USD: "MXN", MXN: "USD", UDI: "MXN" };

export function conversionResult(records: CalcRecords, query: QueryValues): CalcConversion {
  // The route table's enums checked both before the handler ran.
  const currency = String(query["moneda"]) as Currency;
  const target = query["destino"] === undefined ? DEFAULT_TARGET[currency] : (String(query["destino"]) as Currency);
  if (target === currency || (currency !== "MXN" && target !== "MXN")) {
    throw badRequest(
      `El parámetro destino (${target}) no es una conversión posible desde moneda=${currency}: USD y UDI se convierten a MXN, y MXN a USD o UDI.`,
    );
  }
  const udi = currency === "UDI" || target === "UDI";
  if (udi && query["regla"] !== undefined) {
    throw badRequest(
      "El parámetro regla no aplica a las UDIS (la UDI tiene un solo valor por día): omítalo cuando moneda o destino es UDI.",
    );
  }
  const decimals = currency === "UDI" ? 6 : 2;
  const amount = scaledDecimal(String(query["monto"]), decimals);
  if (amount === null)
    throw badRequest(`El parámetro monto admite hasta ${decimals} decimales en ${currency}; se recibió «${String(query["monto"])}».`);
  return udi
    ? udiResult(records, amount, currency, String(query["fecha"]))
    : dollarResult(records, amount, currency, String(query["fecha"]), String(query["regla"] ?? "fix") as "fix" | "dof");
}

function udiResult(records: CalcRecords, amount: bigint, currency: Currency, date: string): CalcConversion {
  const dump = records.udi();
  if (dump === undefined) throw notFound("No hay valores de la UDI publicados.");
  const series = dump.series;
  const i = series.indexOf(date);
  if (i < 0) throw notFound(`${missingDateDetail(series, date, SIE_SERIES.udi.noun)} La API no lo estima.`);
  const value = dump.record[i] as UdiValue;
  const toPesos = currency === "UDI";
  const r = udiConversion(amount, toPesos, value.value);
  return {
    monto: num(amount, toPesos ? 6 : 2),
    moneda: currency,
    fecha: date,
    regla: null,
    resultado: num(r.result, toPesos ? 2 : 6),
    monedaResultado: toPesos ? "MXN" : "UDI",
    tipoDeCambio: num(r.value6, 6),
    fundamento:
      "Valor de la UDI que el Banco de México publica para cada día (Decreto del 1 de abril de 1995, serie SP68257), de la fecha indicada; " +
      "pesos redondeados al centavo y UDIS a seis decimales, la mitad hacia arriba.",
    datos: { udi: { date: value.date, value: value.value, source: value.source, ruta: `${dump.path}.json` } },
  };
}

function dollarResult(records: CalcRecords, amount: bigint, currency: Currency, date: string, rule: "fix" | "dof"): CalcConversion {
  const fx = records.fx();
  if (fx === undefined) throw notFound("No hay observaciones del FIX publicadas.");
  const series = fx.series;
  const toPesos = currency === "USD";
  const base = {
    monto: pesos(amount),
    moneda: currency,
    fecha: date,
    regla: rule,
    monedaResultado: toPesos ? ("MXN" as const) : ("USD" as const),
  };
  const ruta = `${fx.path}.json`;
  if (rule === "dof") {
    const found = dofRate(series, date);
    if (!found.found) throw notFound(found.detail);
    const { rate, fixDate, dofDate, source } = found.record;
    const r = fxConversion(amount, toPesos, rate);
    return {
      ...base,
      resultado: pesos(r.result),
      tipoDeCambio: num(r.rate4, 4),
      fundamento: `${ART20_RULE} Resultado redondeado al centavo, la mitad hacia arriba.`,
      datos: { dof: { date, rate, fixDate, dofDate, source, ruta } },
    };
  }
  const at = series.indexOf(date);
  if (at < 0) {
    const before = series.before(date);
    throw notFound(
      `No hay FIX determinado el ${date} (fin de semana, día inhábil bancario, fuera de la serie o aún no publicado); la API no lo estima.` +
        (before ? ` El último anterior es del ${before.date}.` : ""),
    );
  }
  const rate = fx.record[at] as FxRate;
  const r = fxConversion(amount, toPesos, rate.rate);
  return {
    ...base,
    resultado: pesos(r.result),
    tipoDeCambio: num(r.rate4, 4),
    fundamento:
      "Tipo de cambio FIX que el Banco de México determina para solventar obligaciones en dólares (serie SF43718), de la fecha indicada; redondeado al centavo, la mitad hacia arriba.",
    datos: { fix: { date: rate.date, rate: rate.rate, source: rate.source, ruta } },
  };
}
