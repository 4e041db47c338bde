// GET /calendario/proximos (the next deadlines from today in Mexico City, computed once per day) and GET /calendario (a range with filters).
import { secondsUntilNextMidnightInMexicoCity, todayInMexicoCity } from "../../core/dates.ts";
import type { Persona } from "../../core/calendar.ts";
import { calendarOf, calendarRange, nextDeadlines, RangeProblem, type InstitutionFilter } from "../datasets/calendar.ts";
import { etagOf } from "../http-kit/etag.ts";
import { HttpError } from "../http-kit/errors.ts";
import { jsonBytes, keptAnswers, queryKey, type Handler } from "../http-kit/handler.ts";

/**
 * The body only changes at midnight in Mexico City, so it is computed once per day; a request then costs a
 * subtraction. `from` is a whole second, where the midnight (a whole hour in every offset) is whole seconds away.
 */
export function calendarHandler(): Handler {
  let day: { from: number; until: number; body: Uint8Array; etag: string } | undefined;
  return ({ now }) => {
    if (day === undefined || now < day.from || now >= day.until) {
      const from = Math.floor(now / 1000) * 1000;
      const until = from + secondsUntilNextMidnightInMexicoCity(new Date(from)) * 1000;
      const body = jsonBytes(nextDeadlines(todayInMexicoCity(new Date(from))));
      day = { from, until, body, etag: etagOf(body) };
    }
    return { body: day.body, etag: day.etag, maxAge: Math.max(1, Math.ceil((day.until - now) / 1000)) };
  };
}

const RANGE_PARAMS = ["desde", "hasta", "institucion", "persona", "obligacion"] as const;

/** GET /calendario: the app has checked each parameter (dates, enums); the range's own bounds are checked here. */
export function calendarRangeHandler(): Handler {
  const kept = keptAnswers(256);
  const calendar = calendarOf();
  return ({ query }) =>
    kept(queryKey(RANGE_PARAMS, query), () => {
      const text = (name: string): string | undefined => (typeof query[name] === "string" ? (query[name] as string) : undefined);
      try {
        return calendarRange(calendar, text("desde") ?? "", text("hasta") ?? "", {
          ...(text("institucion") !== undefined && { institucion: text("institucion") as InstitutionFilter }),
          ...(text("persona") !== undefined && { persona: text("persona") as Persona }),
          ...(text("obligacion") !== undefined && { obligacion: text("obligacion") as string }),
        });
      } catch (e) {
        if (e instanceof RangeProblem) throw new HttpError(e.status, e.message);
        throw e;
      }
    });
}
