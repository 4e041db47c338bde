// The pages of the API's problem types (RFC 9457): /problemas/ and one short page per kind, the URI each problem's `type` names.
import { SERVICE_NAME } from "../core/service-config.ts";
import { PROBLEM_KINDS, PROBLEMS_PATH, problemPagePath, type ProblemKind } from "../content/problem-kinds.ts";
import { esc, page } from "./html.ts";

/** `code` spans for the backticks of an explanation. */
const inline = (text: string): string => esc(text).replace(/`([^`]+)`/g, "<code>$1</code>");

function kindPage(kind: ProblemKind, site: string): string {
  const body =
    `<h1>${esc(kind.title)} (${kind.status})</h1>` +
    `<p>${inline(kind.explanation)}</p>` +
    `<p>Las respuestas de error de la API son <code>application/problem+json</code> (RFC 9457): <code>type</code> es la dirección de esta página, ` +
    `<code>title</code> «${esc(kind.title)}», <code>status</code> ${kind.status}, <code>detail</code> el caso en español e <code>instance</code> la ruta pedida. ` +
    `No se guardan en caché (<code>Cache-Control: no-store</code>).</p>` +
    `<p><a href="${PROBLEMS_PATH}">Todos los tipos de error</a> · <a href="/docs/">Referencia de la API</a></p>`;
  return page({
    path: problemPagePath(kind),
    title: `${kind.title} (${kind.status}) · Errores de la API · ${SERVICE_NAME}`,
    description: kind.explanation.replace(/`/g, ""),
    section: "docs",
    body,
    site,
  });
}

function indexPage(site: string): string {
  const items = PROBLEM_KINDS.map((k) => `<li><a href="${problemPagePath(k)}">${k.status} ${esc(k.title)}</a></li>`).join("");
  const body =
    `<h1>Errores de la API</h1><p>Cada error de ${SERVICE_NAME} dice en <code>type</code> cuál de estos es, con un <code>detail</code> en español.</p>` +
    `<ul>${items}</ul>`;
  return page({
    path: PROBLEMS_PATH,
    title: `Errores de la API · ${SERVICE_NAME}`,
    description: "Los tipos de error de la API.",
    section: "docs",
    body,
    site,
  });
}

/** The index and every kind's page, by path. */
export function* problemPages(site: string): Generator<[string, string]> {
  yield [PROBLEMS_PATH, indexPage(site)];
  for (const kind of PROBLEM_KINDS) yield [problemPagePath(kind), kindPage(kind, site)];
}
