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
import type { CalcRouteId } from "../routes/routes.ts";

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

/** The calculations that also take a POST body (their routes declare `post`). */
const POSTED: Partial<Record<CalcRouteId, (records: CalcRecords, body: RequestBody) => unknown>> = {
  calcFactura: facturaPostResult,
};

/** Answers kept per route (a few hundred bytes each); POST answers (a few KB) fewer, and only for bodies of at most POST_KEY_MAX characters. */
const KEPT = 4096;
const POST_KEPT = 256;
const POST_KEY_MAX = 4096;

/**
 * The handler of every calculation route, by route id, over one source of records. A result depends only on the
 * checked query (or a small POST body: sent no-store, yet the process may reuse it) and records that do not change
 * while the process lives, so each answer is kept; errors are thrown each time, never kept.
 */
export function calculationHandlers(records: () => CalcRecords): Record<CalcRouteId, Handler> {
  return Object.fromEntries(
    Object.entries(RESULTS).map(([id, result]) => {
      const answer = keptAnswers(KEPT);
      const postAnswer = keptAnswers(POST_KEPT, false);
      const posted = POSTED[id as CalcRouteId];
      const handler: Handler = ({ query, body }) => {
        if (body === undefined || posted === undefined) return answer(JSON.stringify(query), () => result(records(), query));
        const make = (): unknown => posted(records(), body);
        const key = body.media === "json" ? JSON.stringify(body.value) : body.text;
        return key.length <= POST_KEY_MAX ? postAnswer(key, make) : { body: jsonBytes(make()) };
      };
      return [id, handler];
    }),
  ) as Record<CalcRouteId, Handler>;
}
