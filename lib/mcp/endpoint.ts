// Where the MCP server listens and what it is called: shared by the server, the local adapter, the discovery files and the site.

/** The endpoint, from the site root. */
export const MCP_PATH = "/mcp";
/** The site page that explains how to connect a client. */
export const MCP_GUIDE_PATH = "/guia-mcp/";
export const MCP_SERVER_NAME = "fiscal-mx";
/** Largest request body read (a JSON-RPC message is a few hundred bytes); past it the answer is 413 at once. */
export const MCP_MAX_BODY = 64 * 1024;
export const MCP_TOO_LARGE = `Solicitud demasiado grande: un mensaje MCP cabe en ${MCP_MAX_BODY / 1024} KB.`;
