// The calendar's iCalendar feeds (RFC 5545): one per audience, all-day events with stable UIDs, the legal basis in the description.
import { dueDate, yearOf, type Occurrence, type Persona } from "../../core/calendar.ts";
import { addDays } from "../../core/dates.ts";
import { SERVICE_NAME } from "../../core/service-config.ts";
import { calendarOf } from "../datasets/calendar.ts";
import { API_BASE } from "../datasets/dump-paths.ts";
import type { FiscalCalendar } from "../../core/calendar.ts";

/** The feeds: who each is for, and the persona it keeps (all of them for `todos`). */
export const FEEDS = {
  todos: { title: "todos los vencimientos", persona: undefined },
  "personas-fisicas": { title: "personas físicas", persona: "fisica" },
  "personas-morales": { title: "personas morales", persona: "moral" },
  patrones: { title: "patrones", persona: "patron" },
} as const satisfies Record<string, { title: string; persona: Persona | undefined }>;
export type FeedId = keyof typeof FEEDS;
export const FEED_IDS = Object.keys(FEEDS) as FeedId[];

export const ICAL_TYPE = "text/calendar; charset=utf-8";
/** Where a feed is served, from the site root. */
export const feedPath = (id: FeedId): string => `${API_BASE}/ical/${id}.ics`;
/** The site page of the calendar, each event's URL. */
export const CALENDAR_PAGE = "/calendario/";

/** TEXT escaping of RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks. */
export const escapeText = (text: string): string =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** UTF-8 octets of a code point. */
const octetsOf = (cp: number): number => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** Folds a content line at 75 octets (RFC 5545 §3.1), never inside a UTF-8 character; continuation lines start with a space. */
export function foldLine(line: string): string {
  if (line.length <= 75 && Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = octetsOf(ch.codePointAt(0) ?? 0);
    // The first line holds 75 octets; the others 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compact = (date: string): string => date.replaceAll("-", "");

function description(e: Occurrence): string {
  const lines = [
    `${e.obligacion} · ${e.institucion}`,
    `Quién: ${e.quien}`,
    `Fundamento: ${e.fundamento}`,
    `Regla: ${e.reglaDeFecha}`,
    `Fecha original: ${e.fechaOriginal}${e.recorrida ? ` (recorrida al ${e.fecha})` : ""}`,
  ];
  if (e.fechaPagoEnBanco !== null && e.fechaPagoEnBanco !== e.fecha) lines.push(`Pago ante banco: ${e.fechaPagoEnBanco} (Art. 12 CFF)`);
  if (e.nota !== null) lines.push(e.nota);
  return lines.join("\n");
}

function event(e: Occurrence, stamp: string, site: string): string[] {
  const day = dueDate(e);
  return [
    "BEGIN:VEVENT",
    `UID:${e.id.replace(":", "-")}@fiscal-mx`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(day)}`,
    `DTEND;VALUE=DATE:${compact(addDays(day, 1))}`,
    `SUMMARY:${escapeText(e.titulo)}`,
    `DESCRIPTION:${escapeText(description(e))}`,
    `CATEGORIES:${escapeText(e.institucion)}`,
    `URL:${site}${CALENDAR_PAGE}#${encodeURIComponent(e.id)}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** The years a feed built on `asOf` covers: the current and the next, within the years served. */
function feedYears(calendar: FiscalCalendar, asOf: string): number[] {
  const year = yearOf(asOf);
  return [year, year + 1].filter((y) => y >= calendar.firstYear && y <= calendar.lastYear);
}

/** The occurrences of a feed: its persona's, of the years it covers. */
function feedOccurrences(calendar: FiscalCalendar, id: FeedId, asOf: string): Occurrence[] {
  const persona: Persona | undefined = FEEDS[id].persona;
  return feedYears(calendar, asOf).flatMap((y) => calendar.year(y).filter((e) => persona === undefined || e.personas.includes(persona)));
}

/** A whole feed, CRLF line ends; DTSTAMP is the build's as-of day at 00:00 UTC, so the same tables give the same bytes. */
export function feed(id: FeedId, asOf: string, site: string, calendar = calendarOf()): string {
  const stamp = `${compact(asOf)}T000000Z`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${SERVICE_NAME}//Calendario fiscal//ES`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`${SERVICE_NAME}: ${FEEDS[id].title}`)}`,
    `X-WR-CALDESC:${escapeText(`Vencimientos fiscales, de seguridad social y laborales (${FEEDS[id].title}) con su fundamento. ${site}${CALENDAR_PAGE}`)}`,
    "X-WR-TIMEZONE:America/Mexico_City",
    "REFRESH-INTERVAL;VALUE=DURATION:P1D",
    "X-PUBLISHED-TTL:P1D",
    ...feedOccurrences(calendar, id, asOf).flatMap((e) => event(e, stamp, site)),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
