// How fresh each dataset is, as people read it: the stale mark beside a value or chart, and the /estado/ page.
import { API_BASE } from "../lib/routes/routes.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import { isValidIsoDate, isValidPeriod } from "../core/dates.ts";
import type { SiteContext } from "./context.ts";
import { fmtDate, fmtNumber, fmtPeriod } from "./format.ts";
import { esc, page } from "./html.ts";

type Status = SiteContext["status"];
type DatasetStatus = Status["datasets"][number];

export const STATUS_PAGE = "/estado/";

const datasetOf = (status: Status, id: string): DatasetStatus | undefined => status.datasets.find((s) => s.id === id);

/**
 * The mark that goes right beside a value or a chart whose dataset is stale for its cadence (the status
 * document's rule), with the reason; nothing when the dataset is current.
 */
export function staleMark(status: Status, id: string): string {
  const s = datasetOf(status, id);
  if (!s?.stale) return "";
  return (
    `<p class="stale-mark"><strong class="stale">Desactualizado</strong> al ${esc(fmtDate(status.asOf))}: ${esc(s.staleReason ?? "")}. ` +
    `<a href="${STATUS_PAGE}">Estado de los datos</a></p>`
  );
}

/** The latest value's date or period in words; for a catalog, how many codes it has. */
function latestText(s: DatasetStatus): string {
  if (s.cadence === "por versión") return `${fmtNumber(s.records, 0)} claves`;
  if (s.latest === null) return "sin datos";
  if (isValidIsoDate(s.latest)) return fmtDate(s.latest);
  if (isValidPeriod(s.latest)) return fmtPeriod(s.latest);
  return s.latest;
}

const stateHtml = (s: DatasetStatus): string =>
  s.stale ? `<strong class="stale">Desactualizado</strong>: ${esc(s.staleReason ?? "")}` : `<strong class="fresh">Al día</strong>`;

/** "2026-11-20T06:10:00Z" → "20 de noviembre de 2026, 06:10 UTC". */
function fmtInstant(iso: string): string {
  const day = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  return isValidIsoDate(day) ? `${fmtDate(day)}${time ? `, ${time} UTC` : ""}` : iso;
}

/** A public copy as a link to the file at its commit: anyone can check what was taken. */
function copyHtml(c: NonNullable<NonNullable<DatasetStatus["raw"]>["copies"]>[number]): string {
  const url = `https://github.com/${c.repository}/blob/${c.commit}/${c.path}`;
  const covers = c.covers === null ? "" : ` (${esc(c.covers)})`;
  return `<a href="${esc(url)}"><code>${esc(c.repository)}</code> <code>${esc(c.path)}</code></a> @ <code>${esc(c.commit.slice(0, 12))}</code>${covers}`;
}

/** Where the data came from: a download from the publisher (when), public copies (which), or a hand-kept table. */
function originRow(s: DatasetStatus): [string, string] {
  if (s.raw === null) return ["Procedencia", "tabla mantenida en el repositorio"];
  if (s.raw.origin === "publicador" && s.raw.fetchedAt !== null) return ["Descargado del publicador", esc(fmtInstant(s.raw.fetchedAt))];
  const copies = (s.raw.copies ?? []).map((c) => `<li>${copyHtml(c)}</li>`).join("");
  return ["Procedencia", `copia pública, no descargada del publicador:<ul class="copies">${copies}</ul>`];
}

/** One dataset as a small description list: it stays readable at any width, unlike a wide table. */
function datasetItem(s: DatasetStatus, full: boolean): string {
  const rows: [string, string][] = [
    ["Último dato", esc(latestText(s))],
    ["Periodicidad", esc(s.cadence)],
    ["Estado", stateHtml(s)],
    ["Fuente", `<a href="${esc(s.officialUrl)}">${esc(s.publisher)}</a>`],
  ];
  if (full) {
    rows.push(originRow(s));
    if (s.raw) rows.push(["Archivo de origen", `<code>${esc(s.raw.file)}</code>, sha256 <code>${esc(s.raw.sha256.slice(0, 12))}…</code>`]);
    if (s.citation) rows.push(["Publicación", esc(s.citation)]);
    if (s.version !== undefined) rows.push(["Versión del catálogo", s.version === null ? "no declarada" : esc(s.version)]);
  }
  return (
    `<li class="dataset${s.stale ? " is-stale" : ""}" id="dato-${esc(s.id)}"><h3>${esc(s.title)}</h3>` +
    `<dl>${rows.map(([k, v]) => `<div><dt>${k}</dt><dd>${v}</dd></div>`).join("")}</dl></li>`
  );
}

/** Every dataset's freshness; `full` adds when and from which file it was fetched. */
export const datasetList = (status: Status, full: boolean): string =>
  `<ul class="datasets">${status.datasets.map((s) => datasetItem(s, full)).join("")}</ul>`;

export function statusPage(ctx: SiteContext): string {
  const stale = ctx.status.datasets.filter((s) => s.stale);
  const summary = stale.length
    ? `<p class="stale-mark"><strong class="stale">${stale.length === 1 ? "Un conjunto desactualizado" : `${stale.length} conjuntos desactualizados`}</strong>: ` +
      `${stale.map((s) => esc(s.title)).join(", ")}.</p>`
    : `<p><strong class="fresh">Todos los conjuntos de datos están al día.</strong></p>`;
  const body =
    `<h1>Estado de los datos</h1>` +
    `<p class="lead">De dónde viene cada conjunto de datos de ${SERVICE_NAME}, su último dato, si se descargó del publicador (y cuándo) o se tomó de una copia pública (y de cuál), y si está al día para su periodicidad.</p>` +
    `<p>Fecha de corte de esta compilación: <strong>${esc(fmtDate(ctx.status.asOf))}</strong>` +
    // builtAt is the build's time (or the newest download's): never a claim that every file was downloaded then.
    (ctx.status.builtAt ? `; compilación: ${esc(fmtInstant(ctx.status.builtAt))}` : "") +
    `. Un conjunto diario está desactualizado si su último dato tiene más de cuatro días hábiles; uno mensual, si falta el mes que ya debió publicarse; ` +
    `uno anual, si falta el año en curso una vez vencida su publicación. El mismo documento en JSON: ` +
    `<a href="${API_BASE}/status"><code>${API_BASE}/status</code></a>.</p>${summary}<h2>Conjuntos de datos</h2>${datasetList(ctx.status, true)}`;
  return page({
    path: STATUS_PAGE,
    title: `Estado de los datos · ${SERVICE_NAME}`,
    description:
      "Fuente, procedencia (descarga del publicador o copia pública), último dato y frescura de cada conjunto de datos de Fiscal MX.",
    section: "estado",
    body,
    site: ctx.site,
  });
}
