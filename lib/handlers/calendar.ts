// GET /calendario/proximos: the next deadlines from today in Mexico City, computed once per day.
import { nextDeadlines } from "../../core/calendar.ts";
import { secondsUntilNextMidnightInMexicoCity, todayInMexicoCity } from "../../core/dates.ts";
import { etagOf } from "../http/etag.ts";
import { jsonBytes, type Handler } from "../handler.ts";

interface Day {
  /** The whole second the day was computed at, and the next midnight in Mexico City (ms). */
  from: number;
  until: number;
  body: Uint8Array;
  etag: string;
}

/**
 * The body only changes at midnight in Mexico City, so it is computed once per day; a request then
 * costs a subtraction. Times are taken on whole seconds, where the midnight (a whole hour in every
 * Mexico City offset) is an exact number of seconds away.
 */
export function calendarHandler(): Handler {
  let day: Day | undefined;
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
