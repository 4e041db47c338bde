// Where the MCP server listens and what it is called: shared by the server, the local adapter, the discovery files and the site.

/** The endpoint, from the site root. */
export const MCP_PATH = "/mcp";
/** The site page that explains how to connect a client. */
export const MCP_GUIDE_PATH = "/guia-mcp/";
export const MCP_SERVER_NAME = "fiscal-mx";
