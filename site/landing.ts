// The landing page: what Fiscal MX offers, today's values, two charts, data freshness, examples, endpoints and licence.
import { tools } from "../content/index.ts";
import { API_BASE, DUMP_INDEX, routeById, routes, SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/routes.ts";
import { MCP_GUIDE_PATH } from "../lib/mcp/endpoint.ts";
import { LICENSE, RATE_LIMIT, SERVICE_NAME, attribution } from "../core/service-config.ts";
import type { SiteContext } from "./context.ts";
import { fmtDate, fmtNumber, fmtPercent, fmtPeriod, fmtPesos } from "./format.ts";
import { annualInflation, fxYear, headline, type Headline } from "./headline.ts";
import { datasetList, STATUS_PAGE, staleMark } from "./freshness.ts";
import { codeBlock, esc, page } from "./html.ts";
import { operationHref } from "./docs-paths.ts";
import { fxChart, inflationChart, tiieChart } from "./landing-charts.ts";
import { seriesRecord } from "../lib/datasets/series.ts";
import { CALENDAR_PAGE } from "../lib/calendar/ical.ts";
import { Series } from "../core/series.ts";

const dataValue = (value: number, text: string): string => `<data value="${value}">${esc(text)}</data>`;

/** A headline value with the date of its data, and the stale mark of its dataset right under it. */
function card(id: string, label: string, value: string, note: string, stale: string): string {
  return (
    `<div class="card" id="${id}"><dt>${esc(label)}</dt><dd class="value">${value}</dd>` +
    `${stale ? `<dd>${stale}</dd>` : ""}<dd class="note">${note}</dd></div>`
  );
}

function headlineCards(h: Headline, status: SiteContext["status"]): string {
  const cards: string[] = [];
  if (h.fx) {
    cards.push(
      card(
        "hoy-fix",
        "Tipo de cambio FIX",
        `${dataValue(h.fx.rate, fmtNumber(h.fx.rate, 4))} <small>pesos por dólar</small>`,
        `Determinado por el Banco de México el ${esc(fmtDate(h.fx.date))}.`,
        staleMark(status, "fx"),
      ),
    );
  }
  if (h.uma) {
    cards.push(
      card(
        "hoy-uma",
        `UMA ${h.uma.year}`,
        `${dataValue(h.uma.uma, fmtPesos(h.uma.uma))} <small>diaria</small>`,
        `Mensual ${esc(fmtPesos(h.uma.umaMensual))}, anual ${esc(fmtPesos(h.uma.umaAnual))}; vigente desde el ${esc(fmtDate(h.uma.umaVigenteDesde))}.`,
        staleMark(status, "uma"),
      ),
    );
    cards.push(
      card(
        "hoy-salario-minimo",
        `Salario mínimo ${h.uma.year}`,
        `${dataValue(h.uma.salarioMinimo, fmtPesos(h.uma.salarioMinimo))} <small>diario</small>`,
        `General, vigente desde el ${esc(fmtDate(h.uma.salarioMinimoVigenteDesde))}` +
          (h.uma.salarioMinimoZonaFrontera === null
            ? "."
            : `; en la Zona Libre de la Frontera Norte, ${esc(fmtPesos(h.uma.salarioMinimoZonaFrontera))}.`),
        staleMark(status, "salario-minimo"),
      ),
    );
  }
  if (h.inpc) {
    const inflation =
      h.inpc.inflation === undefined || h.inpc.yearBefore === undefined
        ? "Sin el índice de doce meses antes no se puede calcular la inflación anual."
        : `Inflación anual: ${dataValue(h.inpc.inflation, fmtPercent(h.inpc.inflation))} (contra ${esc(fmtNumber(h.inpc.yearBefore.value, 3))} de ${esc(fmtPeriod(h.inpc.yearBefore.period))}).`;
    cards.push(
      card(
        "hoy-inpc",
        `INPC de ${fmtPeriod(h.inpc.period)}`,
        `${dataValue(h.inpc.value, fmtNumber(h.inpc.value, 3))}`,
        inflation,
        staleMark(status, "inpc"),
      ),
    );
  }
  return `<dl class="cards">${cards.join("")}</dl>`;
}

function freshness(ctx: SiteContext): string {
  return (
    `<p>Fecha de corte de esta compilación: <strong>${esc(fmtDate(ctx.status.asOf))}</strong>. Cada conjunto con su fuente, su fecha de descarga y ` +
    `el archivo de origen: <a href="${STATUS_PAGE}">estado de los datos</a>.</p>${datasetList(ctx.status, false)}`
  );
}

function examples(site: string, h: Headline): string {
  const base = `${site}${API_BASE}`;
  const curl = [
    `curl ${base}/fx/today`,
    `curl "${base}/fx/history?days=7"`,
    `curl ${base}/tarifa/isr/2026/mensual`,
    `curl ${base}/rfc/validar/GODE561231GR8`,
  ].join("\n");
  const umaNote = h.uma ? ` // ${h.uma.uma} (UMA diaria de ${h.uma.year})` : "";
  const js = [
    `const respuesta = await fetch("${base}/uma");`,
    `if (!respuesta.ok) throw new Error(\`HTTP \${respuesta.status}\`);`,
    `const uma = await respuesta.json();`,
    `console.log(uma.uma);${umaNote}`,
  ].join("\n");
  return (
    `<p>Sin registro ni claves: cada recurso es una URL que responde JSON, con CORS abierto para usarla desde el navegador. ` +
    `El límite es de ${RATE_LIMIT.limit} solicitudes por minuto por dirección IP.</p>` +
    `<h3>Desde la terminal</h3>${codeBlock(curl)}` +
    `<h3>Desde JavaScript</h3>${codeBlock(js)}`
  );
}

function endpointList(): string {
  const tags = [...new Set(routes.map((r) => r.tag))];
  const groups = tags.map((tag) => {
    const items = routes
      .filter((r) => r.tag === tag)
      .map((r) => {
        const query = r.params.filter((p) => p.in === "query").map((p) => p.name);
        const shown = `GET ${API_BASE}${r.path}${query.length ? `?${query.map((q) => `${q}=`).join("&")}` : ""}`;
        return `<li><a href="${esc(operationHref(r))}"><code>${esc(shown)}</code></a> — ${esc(r.summary)}</li>`;
      });
    return `<h3>${esc(tag)}</h3><ul class="endpoints">${items.join("")}</ul>`;
  });
  const docs =
    `<h3>Documentos</h3><ul class="endpoints">` +
    `<li><a href="${API_BASE}/openapi.json"><code>GET ${API_BASE}/openapi.json</code></a> — descripción OpenAPI 3.1 de toda la API</li>` +
    `<li><a href="${DUMP_INDEX}"><code>GET ${DUMP_INDEX}</code></a> — descargas completas en JSON, CSV y NDJSON</li></ul>`;
  return groups.join("") + docs;
}

export function landingPage(ctx: SiteContext): string {
  const h = headline(ctx.data, ctx.asOf);
  const inflation = annualInflation(ctx.data.inpc).slice(-120);
  const toolLinks = tools.map((t) => `<li><a href="${esc(t.url)}">${esc(t.title)}</a></li>`).join("");
  const body =
    `<section class="hero"><h1>Datos fiscales de México en JSON</h1>` +
    `<p class="lead">${SERVICE_NAME} es una API pública, gratuita y de solo lectura con el tipo de cambio FIX, la UDI, la TIIE a 28 días y la TIIE de fondeo del Banco de México (también el tipo de cambio aplicable según el artículo 20 del CFF), la UMA y el salario mínimo, ` +
    `el INPC del INEGI, las tarifas de retención de ISR, los catálogos del CFDI 4.0, un validador de RFC y los próximos vencimientos fiscales del SAT, el IMSS y el INFONAVIT.</p>` +
    `<p class="actions"><a class="button" href="/docs/">Referencia de la API</a> <a class="button secondary" href="/herramientas/">Calculadoras</a></p>` +
    // Where else the data goes: an assistant (MCP), the whole sets as SQLite and Excel, the fiscal calendar.
    `<p class="also">También: <a href="${MCP_GUIDE_PATH}">conectar un asistente por MCP</a> · descargar todo en <a href="${SQLITE_DUMP}">SQLite</a> ` +
    `o en Excel (${WORKBOOK_FAMILIES.map((f) => `<a href="${workbookPath(f)}">${esc(f)}</a>`).join(", ")}) · ` +
    `<a href="${DUMP_INDEX}">todas las descargas</a> · <a href="${CALENDAR_PAGE}">el calendario fiscal</a> y sus calendarios para suscribirse (iCalendar) · ` +
    `en la API, <a href="${operationHref(routeById("calendarNext"))}">los próximos vencimientos</a></p></section>` +
    `<section aria-labelledby="hoy"><h2 id="hoy">Los valores más recientes</h2>${headlineCards(h, ctx.status)}</section>` +
    `<section aria-labelledby="fix"><h2 id="fix">El FIX en los últimos 365 días</h2>${staleMark(ctx.status, "fx")}${fxChart(fxYear(ctx.data))}</section>` +
    `<section aria-labelledby="tiie"><h2 id="tiie">La TIIE a 28 días en los últimos 365 días publicados</h2>${staleMark(ctx.status, "tiie-28")}${tiieChart(new Series(ctx.data["tiie-28"]).lastDays(365).map((o) => seriesRecord("tiie-28", o)))}</section>` +
    `<section aria-labelledby="inflacion"><h2 id="inflacion">Inflación anual de los últimos 10 años</h2>${staleMark(ctx.status, "inpc")}${inflationChart(inflation)}</section>` +
    `<section aria-labelledby="frescura"><h2 id="frescura">Qué tan recientes son los datos</h2>${freshness(ctx)}</section>` +
    `<section aria-labelledby="ejemplos"><h2 id="ejemplos">Empieza en un minuto</h2>${examples(ctx.site, h)}</section>` +
    `<section aria-labelledby="endpoints"><h2 id="endpoints">Endpoints</h2><p>Todas las rutas usan GET y responden JSON. ` +
    `La <a href="/docs/">referencia</a> detalla parámetros, límites, errores y un ejemplo real de cada una.</p>${endpointList()}</section>` +
    `<section aria-labelledby="calculadoras"><h2 id="calculadoras">Calculadoras</h2><p>Hechas sobre la misma API y exactas al centavo:</p><ul class="columns">${toolLinks}</ul></section>` +
    `<section aria-labelledby="licencia"><h2 id="licencia">Licencia y atribución</h2>` +
    `<p>Los datos se publican con licencia <a href="${esc(LICENSE.url)}" rel="license">${esc(LICENSE.name)}</a>: puedes copiarlos, transformarlos y usarlos ` +
    `con cualquier fin, incluso comercial, siempre que cites la fuente. Escribe la atribución así:</p>` +
    `<p class="attribution"><q>${esc(attribution(ctx.site))}</q></p>` +
    `<p>Los valores provienen de publicaciones oficiales del Banco de México, el INEGI, el SAT, la CONASAMI, el IMSS y el INFONAVIT; ` +
    `la lista de frescura enlaza a cada fuente.</p></section>`;
  return page({
    path: "/",
    title: `${SERVICE_NAME}: API de datos fiscales de México`,
    description:
      "API pública de solo lectura con el tipo de cambio FIX, la UMA, el salario mínimo, el INPC, las tarifas de ISR, los catálogos del CFDI 4.0 y un validador de RFC.",
    section: "inicio",
    body,
    site: ctx.site,
  });
}
