// Calculator pages: the tool's form, how it computes, the API paths it reads and the guides that explain it.
import { articles } from "../content/index.ts";
import { fillPlaceholders } from "../content/placeholders.ts";
import type { Tool } from "../content/types.ts";
import { API_BASE, routes } from "../lib/routes/routes.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import type { SiteContext } from "./context.ts";
import { esc, page } from "./html.ts";
import { operationHref } from "./docs-paths.ts";
import { placeholderValues, toolForms } from "./tool-forms.ts";

const routeByPath = new Map(routes.map((r) => [r.path, r]));

/** Site path of a tool's script (the build copies site/assets/ to /assets/). */
const toolScript = (slug: string): string => `/assets/calc/${slug}.js`;

/** The tool's Markdown body ("Cómo se calcula"), its placeholders filled from this build's data. */
function explanation(tool: Tool, ctx: SiteContext): string {
  const values = placeholderValues(ctx);
  const text = (s: string): string => esc(fillPlaceholders(s, values));
  return tool.sections.map((s) => `<h2>${text(s.heading)}</h2>${s.paragraphs.map((p) => `<p>${text(p)}</p>`).join("")}`).join("");
}

export function toolPage(tool: Tool, ctx: SiteContext): string {
  const build = toolForms[tool.slug];
  const calc = build ? build(ctx) : undefined;
  const uses = tool.uses.map((p) => {
    const route = routeByPath.get(p);
    const code = `<code>GET ${esc(API_BASE + p)}</code>`;
    return `<li>${route ? `<a href="${esc(operationHref(route))}">${code}</a>` : code}</li>`;
  });
  const guides = articles.filter((a) => a.sections.some((s) => s.paragraphs.some((p) => p.includes(tool.url))));
  const body =
    `<h1>${esc(tool.title)}</h1><p class="lead">${esc(tool.summary)}</p>` +
    (calc ? calc + explanation(tool, ctx) : `<p>Esta calculadora aún no está disponible.</p>`) +
    `<h2>Datos que usa</h2><p>La calculadora consulta la API de ${SERVICE_NAME} en este mismo sitio; nada sale de tu navegador hacia terceros.</p><ul>${uses.join("")}</ul>` +
    (guides.length
      ? `<h2>Para saber más</h2><ul>${guides.map((a) => `<li><a href="${esc(a.url)}">${esc(a.title)}</a></li>`).join("")}</ul>`
      : "") +
    `<p><a href="/herramientas/">Todas las calculadoras</a></p>`;
  return page({
    path: tool.url,
    title: `${tool.title} · ${SERVICE_NAME}`,
    description: tool.summary,
    section: "herramientas",
    body,
    site: ctx.site,
    ...(calc && { scripts: [toolScript(tool.slug)] }),
  });
}
