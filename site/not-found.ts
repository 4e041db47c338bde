// The 404 page: served for any missing site path; its script asks /suggest for pages like the one that was not found.
import { SERVICE_NAME } from "../core/service-config.ts";
import { page } from "./html.ts";

const NOT_FOUND_SCRIPT = "/assets/not-found.js";

export function notFoundPage(site: string): string {
  const body =
    `<h1>No encontramos esta página</h1>` +
    `<p>La dirección <code id="ruta-faltante"></code> no existe en ${SERVICE_NAME}. Puede que haya cambiado o que tenga un error de escritura.</p>` +
    `<section aria-labelledby="sugerencias-titulo"><h2 id="sugerencias-titulo">Quizá buscabas</h2>` +
    `<div id="sugerencias" aria-live="polite"><p>Buscando páginas parecidas…</p></div></section>` +
    `<h2>Secciones del sitio</h2><ul><li><a href="/">Inicio</a></li><li><a href="/docs/">Referencia de la API</a></li>` +
    `<li><a href="/herramientas/">Calculadoras</a></li><li><a href="/articulos/">Guías</a></li><li><a href="/glosario/">Glosario</a></li></ul>`;
  return page({
    path: "/404.html",
    title: `Página no encontrada · ${SERVICE_NAME}`,
    description: "La página que buscas no existe; aquí tienes sugerencias.",
    section: "none",
    body,
    site,
    scripts: [NOT_FOUND_SCRIPT],
    noindex: true,
  });
}
