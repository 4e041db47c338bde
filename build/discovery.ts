// Discovery files at the site root, generated from the route table: ai-plugin.json, mcp.json and llms.txt.
import { API_BASE, DISCOVERY, exampleRequest, routes, type Route } from "../lib/routes/routes.ts";
import { API_VERSION, LICENSE, RATE_LIMIT, SERVICE_NAME, attribution } from "../core/service-config.ts";
import { MCP_GUIDE_PATH, MCP_PATH, MCP_SERVER_NAME } from "../lib/mcp/endpoint.ts";
import { FAMILIES } from "../lib/mcp/families.ts";
import { tools } from "../lib/mcp/tools.ts";

const SUMMARY =
  "API pública de solo lectura con datos fiscales de México en JSON: tipo de cambio FIX (Banxico), UMA y salario mínimo, " +
  "INPC (INEGI), tarifas de retención de ISR, todos los catálogos del SAT del CFDI 4.0 y del complemento de Nómina 1.2 con búsqueda, " +
  "validación de la estructura del RFC y próximos vencimientos fiscales.";

/** A request path that works as written: the documented example of every parameter filled in. */
function examplePath(route: Route): string {
  const { path, query } = exampleRequest(route);
  return `${API_BASE}${path}${query ? `?${query}` : ""}`;
}

function aiPlugin(site: string): object {
  return {
    schema_version: "v1",
    name_for_human: SERVICE_NAME,
    name_for_model: "fiscal_mx",
    description_for_human:
      "Datos fiscales de México: FIX, UMA, INPC, ISR, catálogos del SAT (CFDI y Nómina) con búsqueda y validación de RFC.",
    description_for_model: `${SUMMARY} Sin autenticación; ${RATE_LIMIT.limit} solicitudes por minuto por IP. Cita la fuente así: «${attribution(site)}».`,
    auth: { type: "none" },
    api: { type: "openapi", url: `${site}${API_BASE}/openapi.json` },
    logo_url: `${site}/favicon.svg`,
    legal_info_url: `${site}/#licencia`,
  };
}

/**
 * The MCP server card (the `.well-known` discovery document of the MCP server-card proposal, SEP-1649/2127):
 * identity, the Streamable HTTP endpoint, capabilities, no authentication, and the tools with their input schemas.
 */
function mcpManifest(site: string): object {
  return {
    name: SERVICE_NAME,
    title: SERVICE_NAME,
    version: API_VERSION,
    description: `${SUMMARY} También calcula ISR, factor de actualización, cuotas IMSS, aguinaldo y prima vacacional.`,
    website: site,
    websiteUrl: site,
    serverInfo: { name: MCP_SERVER_NAME, title: SERVICE_NAME, version: API_VERSION },
    transport: { type: "streamable-http", endpoint: MCP_PATH },
    remotes: [{ type: "streamable-http", url: `${site}${MCP_PATH}` }],
    capabilities: { tools: { listChanged: false } },
    authentication: { required: false, schemes: [] },
    tools: tools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
    })),
    documentation: `${site}${MCP_GUIDE_PATH}`,
    openapi: `${site}${API_BASE}/openapi.json`,
    license: LICENSE.name,
    attribution: attribution(site),
  };
}

function llmsTxt(site: string): string {
  const lines = [
    `# ${SERVICE_NAME}`,
    "",
    `> ${SUMMARY}`,
    "",
    `Todas las rutas son GET, devuelven JSON y no requieren autenticación. Límite: ${RATE_LIMIT.limit} solicitudes por IP cada ${RATE_LIMIT.windowSeconds} segundos. ` +
      "Los errores usan application/problem+json con el detalle en español.",
    "",
    "## Endpoints",
    "",
    ...routes.map(
      (r) =>
        `- [${r.summary}](${site}${examplePath(r)}): \`GET ${API_BASE}${r.path}\`${r.description ? ` — ${r.description.replace(/\s+/g, " ")}` : ""}`,
    ),
    "",
    "## MCP",
    "",
    `Servidor MCP (Streamable HTTP, sin estado ni autenticación) en ${site}${MCP_PATH}: ${tools.length} herramientas de solo lectura por tarea que juntas llegan a todas las rutas de la API, ` +
      "incluidos los cálculos; cada resultado trae el mismo JSON que la API REST (structuredContent) y un texto en español con fecha, fuente y fundamento. " +
      `Descripción para clientes: ${site}${DISCOVERY.mcp}. Conexión desde un asistente de escritorio o un cliente de línea de comandos (\`claude mcp add --transport http ${MCP_SERVER_NAME} ${site}${MCP_PATH}\`): ${site}${MCP_GUIDE_PATH}.`,
    "",
    ...tools.map((t) => `- \`${t.name}\`: ${FAMILIES[t.name].when}`),
    "",
    "## Documentación",
    "",
    `- [OpenAPI 3.1](${site}${API_BASE}/openapi.json): la descripción completa de parámetros, límites, esquemas y errores`,
    `- [Descargas completas](${site}${API_BASE}/dumps/index.json): cada conjunto de datos en JSON, CSV y NDJSON`,
    `- [Estado](${site}${API_BASE}/status): frescura y procedencia de cada conjunto de datos`,
    "",
    "## Atribución",
    "",
    `Los datos se publican bajo licencia ${LICENSE.name} (${LICENSE.url}). Atribución obligatoria: «${attribution(site)}».`,
    "",
  ];
  return lines.join("\n");
}

export function discoveryFiles(site: string): { path: string; data: Buffer }[] {
  return [
    { path: DISCOVERY.aiPlugin, data: Buffer.from(JSON.stringify(aiPlugin(site))) },
    { path: DISCOVERY.mcp, data: Buffer.from(JSON.stringify(mcpManifest(site))) },
    { path: DISCOVERY.llms, data: Buffer.from(llmsTxt(site)) },
  ];
}
