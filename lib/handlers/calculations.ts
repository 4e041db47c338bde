// GET (and, for the invoice, POST) /calculos/*: the calculation handlers, each a pure function of the checked query and the API's records.
import type { CalcRecords } from "../calc/records.ts";
import { conversionResult } from "../calc/conversion.ts";
import { aguinaldoResult, factorResult, imssResult, vacationPremiumResult } from "../calc/results.ts";
import { isrResult } from "../calc/isr.ts";
import { isrAnualResult, resicoResult } from "../calc/annual.ts";
import { facturaPostResult, facturaResult } from "../calc/invoice.ts";
import { recargosResult, sbcResult } from "../calc/late.ts";
import { jsonBytes, keptAnswers, type Handler } from "../http-kit/handler.ts";
import type { RequestBody } from "../http-kit/body.ts";
import type { QueryValues } from "../http-kit/query.ts";
import type { CalcRouteId } from "../routes.ts";

const RESULTS: Record<CalcRouteId, (records: CalcRecords, query: QueryValues) => unknown> = {
  calcIsr: isrResult,
  calcFactorActualizacion: factorResult,
  calcCuotasImss: imssResult,
  calcAguinaldo: aguinaldoResult,
  calcPrimaVacacional: vacationPremiumResult,
  calcConversion: conversionResult,
  calcIsrAnual: isrAnualResult,
  calcResico: resicoResult,
  calcFactura: facturaResult,
  calcRecargos: recargosResult,
  calcSbc: sbcResult,
};

/** The calculations that also take a POST body (their routes declare `post`), by route id. */
const POSTED: Partial<Record<CalcRouteId, (records: CalcRecords, body: RequestBody) => unknown>> = {
  calcFactura: facturaPostResult,
};

/** Answers kept per route (a few hundred bytes each); past it the oldest goes. */
const KEPT = 4096;

/**
 * The handler of every calculation route, by route id, over one source of records. A result depends only
 * on the checked query and records that do not change while the process lives, so each answer (body and
 * ETag) is kept: a repeated request costs a map lookup. Errors are thrown each time, never kept.
 */
export function calculationHandlers(records: () => CalcRecords): Record<CalcRouteId, Handler> {
  return Object.fromEntries(
    Object.entries(RESULTS).map(([id, result]) => {
      const answer = keptAnswers(KEPT);
      const posted = POSTED[id as CalcRouteId];
      // A POST's answer is computed each time: it is never stored (lib/http/app.ts answers it no-store).
      const handler: Handler = ({ query, body }) =>
        body !== undefined && posted !== undefined
          ? { body: jsonBytes(posted(records(), body)) }
          : answer(JSON.stringify(query), () => result(records(), query));
      return [id, handler];
    }),
  ) as Record<CalcRouteId, Handler>;
}
