// GET /calculos/*: the calculation handlers, each a pure function of the checked query and the API's records.
import type { CalcRecords } from "../../calc/records.ts";
import { aguinaldoResult, factorResult, imssResult, isrResult, vacationPremiumResult } from "../../calc/results.ts";
import { jsonBytes, type Handler } from "../handler.ts";
import type { QueryValues } from "../query.ts";

const RESULTS: Record<string, (records: CalcRecords, query: QueryValues) => unknown> = {
  calcIsr: isrResult,
  calcFactorActualizacion: factorResult,
  calcCuotasImss: imssResult,
  calcAguinaldo: aguinaldoResult,
  calcPrimaVacacional: vacationPremiumResult,
};

/** The handler of every calculation route, by route id, over one source of records. */
export function calculationHandlers(records: () => CalcRecords): Record<string, Handler> {
  return Object.fromEntries(Object.entries(RESULTS).map(([id, result]) => [id, ({ query }) => ({ body: jsonBytes(result(records(), query)) })]));
}
