// Netlify function: the MCP endpoint (/mcp), stateless; tools answer through the API app over the build's files it packs (included_files).
import { diskFiles, packedDistDir } from "../lib/http/disk-files.ts";
import { platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import type { FileStore } from "../lib/http-kit/file-store.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { packedApi } from "../lib/mcp/packed-api.ts";
import { mcpHandler } from "../lib/mcp/server.ts";

const env = platformEnv();
// Every file is read from disk on first use, so a cold start reads none; the directory is found on the first request (tests set it late).
let files: FileStore | undefined;
const tree = (): FileStore => (files ??= diskFiles(packedDistDir({ ...process.env, ...env })));
const endpoint = mcpHandler({ call: inProcessCall(packedApi({ get: (path) => tree().get(path) }, env)) });

export default async (req: Request, context: PlatformContext): Promise<Response> => endpoint(req, context.ip ?? "");

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/mcp/endpoint.ts.
export const config = {
  path: "/mcp",
};
