// The calendar page (/calendario/): the year's deadlines month by month, each with its legal basis and moved date, and the subscribe links of the feeds.
import { dueDate, yearOf, type Occurrence } from "../core/calendar.ts";
import { MONTH_NAMES } from "../core/dates.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import { calendarOf } from "../lib/datasets/calendar.ts";
import { CALENDAR_PAGE, FEED_IDS, FEEDS, feedPath } from "../lib/calendar/ical.ts";
import { API_BASE } from "../lib/routes/routes.ts";
import { NON_BUSINESS_GAPS } from "../sources/dias-inhabiles.ts";
import type { SiteContext } from "./context.ts";
import { esc, page, scrollTable } from "./html.ts";

export { CALENDAR_PAGE };

function row(e: Occurrence): string {
  const moved = e.recorrida ? `<br><span class="hint">recorrida desde el ${esc(e.fechaOriginal)}</span>` : "";
  const unknown = e.diasInhabilesConocidos ? "" : `<br><span class="hint">sin recorrer: días inhábiles no publicados</span>`;
  const bank =
    e.fechaPagoEnBanco !== null && e.fechaPagoEnBanco !== e.fecha
      ? `<br><span class="hint">en banco: ${esc(e.fechaPagoEnBanco)}</span>`
      : "";
  return (
    `<tr id="${esc(e.id)}"><td>${esc(dueDate(e))}${moved}${unknown}${bank}</td><th scope="row">${esc(e.titulo)}</th>` +
    `<td>${esc(e.institucion)}</td><td>${esc(e.quien)}</td><td>${esc(e.fundamento)}</td></tr>`
  );
}

function month(year: number, index: number, events: readonly Occurrence[]): string {
  const mine = events.filter((e) => Number(dueDate(e).slice(5, 7)) === index + 1);
  if (mine.length === 0) return "";
  const name = MONTH_NAMES[index] ?? "";
  return (
    `<h3>${esc(name.charAt(0).toUpperCase() + name.slice(1))} de ${year}</h3>` +
    scrollTable(
      `Vencimientos de ${name} de ${year}`,
      `<table><thead><tr><th scope="col">Fecha límite</th><th scope="col">Obligación</th><th scope="col">Institución</th>` +
        `<th scope="col">Quién</th><th scope="col">Fundamento</th></tr></thead><tbody>${mine.map(row).join("")}</tbody></table>`,
    )
  );
}

function subscribe(site: string): string {
  const host = site.replace(/^https?:\/\//, "");
  const items = FEED_IDS.map((id) => {
    const path = feedPath(id);
    return (
      `<li>${esc(FEEDS[id].title.charAt(0).toUpperCase() + FEEDS[id].title.slice(1))}: ` +
      `<a href="${esc(`webcal://${host}${path}`)}">suscribirse (webcal)</a> · <a href="${esc(path)}"><code>${esc(`${site}${path}`)}</code></a></li>`
    );
  });
  return (
    `<h2>Suscribirse</h2><p>Cada calendario trae los vencimientos del año en curso y del siguiente, como eventos de día completo con su fundamento; ` +
    `se actualiza solo. En Google Calendar: Otros calendarios → Desde URL, con la dirección https; en Outlook: Agregar calendario → Suscribirse desde la web; ` +
    `en Apple Calendar: Archivo → Nueva suscripción a calendario, o el enlace webcal.</p><ul>${items.join("")}</ul>`
  );
}

export function calendarPage(ctx: SiteContext): string {
  const calendar = calendarOf(ctx.data["obligaciones-periodicas"], ctx.data["dias-inhabiles-sat"]);
  const year = Math.min(Math.max(yearOf(ctx.asOf), calendar.firstYear), calendar.lastYear);
  const events = calendar.year(year);
  const gap = calendar.holds(year)
    ? `<p class="hint">Lo que la tabla de días inhábiles de ${year} no tiene: ${esc(NON_BUSINESS_GAPS[year] ?? "")}</p>`
    : `<p>${SERVICE_NAME} aún no tiene los días inhábiles de ${year}: las fechas se muestran sin recorrer.</p>`;
  const body =
    `<h1>Calendario fiscal ${year}</h1>` +
    `<p class="lead">Los vencimientos del SAT, el IMSS, el INFONAVIT y la Ley Federal del Trabajo de ${year}: pagos provisionales, retenciones, IVA, ` +
    `las dos fechas de la DIOT (día 17 de la ley y fin de mes de la RMF), declaraciones anuales, cuotas, aguinaldo y PTU, ` +
    `cada uno con su fundamento y la fecha recorrida al siguiente día hábil cuando la original es inhábil (Art. 12 CFF).</p>` +
    gap +
    subscribe(ctx.site) +
    `<h2>Vencimientos de ${year}</h2>` +
    `<p>El mismo calendario en JSON: <a href="${esc(`${API_BASE}/calendario/${year}`)}"><code>${esc(`${API_BASE}/calendario/${year}`)}</code></a>; ` +
    `por intervalo y con filtros: <code>${esc(`${API_BASE}/calendario?desde=${year}-01-01&hasta=${year}-03-31&persona=moral`)}</code>.</p>` +
    MONTH_NAMES.map((_, i) => month(year, i, events)).join("");
  return page({
    path: CALENDAR_PAGE,
    title: `Calendario fiscal ${year} · ${SERVICE_NAME}`,
    description: `Vencimientos fiscales, de seguridad social y laborales de ${year} con su fundamento, y calendarios para suscribirse.`,
    section: "calendario",
    body,
    site: ctx.site,
  });
}
