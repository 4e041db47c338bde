// Netlify function: the MCP endpoint (/mcp), stateless; tools answer through the API app over the build's files it packs (included_files).
import { packedFiles } from "../lib/http/disk-files.ts";
import { platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { packedApi } from "../lib/mcp/packed-api.ts";
import { mcpHandler } from "../lib/mcp/server.ts";

// Every file is read from disk on first use, so a cold start reads none.
const endpoint = mcpHandler({ call: inProcessCall(packedApi(packedFiles(), platformEnv())) });

export default async (req: Request, context: PlatformContext): Promise<Response> => endpoint(req, context.ip ?? "");

export const config = { path: "/mcp" };
