// The page that explains how to connect an MCP client to Fiscal MX (/guia-mcp/), with the tools listed from the route table.
import { DISCOVERY } from "../lib/routes/routes.ts";
import { MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_NAME } from "../lib/mcp/endpoint.ts";
import { FAMILIES } from "../lib/mcp/families.ts";
import { tools } from "../lib/mcp/tools.ts";
import { RATE_LIMIT, SERVICE_NAME } from "../core/service-config.ts";
import type { SiteContext } from "./context.ts";
import { codeBlock as pre, esc, page, scrollTable } from "./html.ts";
import { operationHref } from "./docs-paths.ts";

export function mcpGuidePage(ctx: SiteContext): string {
  const url = `${ctx.site}${MCP_PATH}`;
  // One row per tool: when to use it and the API routes it reaches (each linked to its reference).
  const rows = tools.map((t) => {
    const paths = [...new Map(t.routes.map((r) => [r.path, r])).values()]
      .map((r) => `<a href="${esc(operationHref(r))}"><code>${esc(r.path)}</code></a>`)
      .join(" ");
    return `<tr><th scope="row"><code>${esc(t.name)}</code></th><td>${esc(FAMILIES[t.name].when)}</td><td>${paths}</td></tr>`;
  });
  const body =
    `<h1>Conectar un asistente por MCP</h1>` +
    `<p class="lead">${esc(SERVICE_NAME)} es también un servidor MCP (Model Context Protocol): un asistente puede consultar los datos fiscales y hacer los cálculos ` +
    `con los mismos resultados que la API, citando la fuente.</p>` +
    `<h2>Dirección</h2><p>Transporte Streamable HTTP, sin sesión ni autenticación: <code>${esc(url)}</code>. ` +
    `La descripción para clientes (server card) está en <a href="${DISCOVERY.mcp}"><code>${esc(DISCOVERY.mcp)}</code></a>. ` +
    `Cada solicitud cuenta para el mismo límite que la API: ${RATE_LIMIT.limit} por minuto por dirección IP.</p>` +
    `<h2>Configurarlo</h2>` +
    `<p>Asistente de escritorio (por ejemplo, Claude Desktop): en Configuración → Conectores, agrega un conector personalizado con la dirección de arriba. ` +
    `Si tu versión solo acepta servidores locales, usa el puente <code>mcp-remote</code> en su archivo de configuración:</p>` +
    pre(JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { command: "npx", args: ["-y", "mcp-remote", url] } } }, null, 2)) +
    `<p>Cliente de línea de comandos (por ejemplo, Claude Code):</p>` +
    pre(`claude mcp add --transport http ${MCP_SERVER_NAME} ${url}`) +
    `<p>Visual Studio Code (<code>.vscode/mcp.json</code>):</p>` +
    pre(JSON.stringify({ servers: { [MCP_SERVER_NAME]: { type: "http", url } } }, null, 2)) +
    `<p>Cursor (<code>~/.cursor/mcp.json</code>, o <code>.cursor/mcp.json</code> en el proyecto):</p>` +
    pre(JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { url } } }, null, 2)) +
    `<p>ChatGPT: en Configuración → Aplicaciones y conectores → Configuración avanzada, activa el modo de desarrollador; luego crea un conector ` +
    `con la dirección de arriba y sin autenticación, y actívalo en la conversación.</p>` +
    `<p>Un cliente que solo habla por entrada y salida estándar (stdio): el puente <code>mcp-remote</code> lo conecta a la dirección de arriba:</p>` +
    pre(`npx -y mcp-remote ${url}`) +
    `<p>Para probarlo a mano, la lista de herramientas con <code>curl</code>:</p>` +
    pre(
      `curl -s ${url} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
    ) +
    `<h2>Qué responde</h2><p>${tools.length} herramientas por tarea, que juntas llegan a todas las rutas de la API: cada una elige la ruta por sus argumentos ` +
    `(catálogo, serie, cálculo…), valida los argumentos contra su esquema y devuelve el mismo JSON que la ruta (<code>structuredContent</code>) ` +
    `con un texto en español que da el dato con su fecha, fuente y fundamento. Un argumento inválido o un dato no publicado es un error con el mismo mensaje ` +
    `que daría la API; nada se estima. Cada solicitud lleva un solo mensaje JSON-RPC (sin lotes) y cada resultado cabe en 256 KB: para más, las descargas completas.</p>` +
    scrollTable(
      "Herramientas del servidor MCP",
      `<table><thead><tr><th scope="col">Herramienta</th><th scope="col">Cuándo usarla</th><th scope="col">Rutas de la API</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
    );
  return page({
    path: MCP_GUIDE_PATH,
    title: `Servidor MCP · ${SERVICE_NAME}`,
    description: "Cómo conectar un asistente compatible con MCP a los datos fiscales y cálculos de Fiscal MX.",
    section: "docs",
    body,
    site: ctx.site,
  });
}
