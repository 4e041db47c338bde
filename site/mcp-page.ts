// The page that explains how to connect an MCP client to Fiscal MX (/guia-mcp/), with the tools listed from the route table.
import { API_BASE, DISCOVERY } from "../lib/routes.ts";
import { MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_NAME } from "../lib/mcp/endpoint.ts";
import { tools } from "../lib/mcp/tools.ts";
import { RATE_LIMIT, SERVICE_NAME } from "../lib/service-config.ts";
import type { SiteContext } from "./context.ts";
import { codeBlock as pre, esc, page, scrollTable } from "./html.ts";
import { operationHref } from "./docs-paths.ts";

export function mcpGuidePage(ctx: SiteContext): string {
  const url = `${ctx.site}${MCP_PATH}`;
  const rows = tools.map(
    (t) =>
      `<tr><th scope="row"><code>${esc(t.name)}</code></th><td>${esc(t.title)}</td><td><a href="${esc(operationHref(t.route))}"><code>${esc(API_BASE + t.route.path)}</code></a></td></tr>`,
  );
  const body =
    `<h1>Conectar un asistente por MCP</h1>` +
    `<p class="lead">${esc(SERVICE_NAME)} es también un servidor MCP (Model Context Protocol): un asistente puede consultar los datos fiscales y hacer los cálculos ` +
    `con los mismos resultados que la API, citando la fuente.</p>` +
    `<h2>Dirección</h2><p>Transporte Streamable HTTP, sin sesión ni autenticación: <code>${esc(url)}</code>. ` +
    `La descripción para clientes (server card) está en <a href="${DISCOVERY.mcp}"><code>${esc(DISCOVERY.mcp)}</code></a>. ` +
    `Cada solicitud cuenta para el mismo límite que la API: ${RATE_LIMIT.limit} por minuto por dirección IP.</p>` +
    `<h2>Configurarlo</h2>` +
    `<p>En un cliente que acepta servidores remotos por URL (por ejemplo, los conectores personalizados de Claude o de ChatGPT), agrega un servidor con la dirección de arriba.</p>` +
    `<p>Visual Studio Code (<code>.vscode/mcp.json</code>):</p>` +
    pre(JSON.stringify({ servers: { [MCP_SERVER_NAME]: { type: "http", url } } }, null, 2)) +
    `<p>Cursor y otros clientes con un archivo <code>mcpServers</code>:</p>` +
    pre(JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { url } } }, null, 2)) +
    `<p>Un cliente que solo habla por entrada y salida estándar puede usar un puente como <code>mcp-remote</code>:</p>` +
    pre(JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { command: "npx", args: ["mcp-remote", url] } } }, null, 2)) +
    `<p>Para probarlo a mano, la lista de herramientas con <code>curl</code>:</p>` +
    pre(
      `curl -s ${url} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\\n  -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'`,
    ) +
    `<h2>Qué responde</h2><p>Cada herramienta equivale a una ruta GET de la API: recibe sus mismos parámetros y devuelve una línea de resumen en español ` +
    `y el mismo JSON que la ruta. Un parámetro inválido o un dato no publicado es un error con el mismo mensaje que daría la API; nada se estima.</p>` +
    scrollTable(
      "Herramientas del servidor MCP",
      `<table><thead><tr><th scope="col">Herramienta</th><th scope="col">Qué hace</th><th scope="col">Ruta de la API</th></tr></thead><tbody>${rows.join("")}</tbody></table>`,
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
