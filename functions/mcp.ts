// Netlify function: the MCP endpoint (/mcp), stateless; tools answer through the pipeline with the build's API tree bundled (included_files).
import { diskFiles, functionDistDir } from "../lib/http/disk-files.ts";
import { platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import { createApi } from "../lib/http/service.ts";
import type { FileStore } from "../lib/http/static.ts";
import { inProcessCall } from "../lib/mcp/calls.ts";
import { mcpHandler } from "../lib/mcp/server.ts";

const env = platformEnv();
// Every file is read from disk on first use, so a cold start reads none; the directory is found on the first request (tests set it late).
let files: FileStore | undefined;
const tree = (): FileStore => (files ??= diskFiles(functionDistDir({ ...process.env, ...env })));
const lazy: FileStore = { get: (path) => tree().get(path) };
// The platform enforces the limit on /mcp (config.rateLimit); the tools' own requests never leave the function, so they are not counted again.
const endpoint = mcpHandler({
  call: inProcessCall(createApi({ env, files: lazy, tree: (path) => lazy.get(path)?.body, rateLimit: false })),
});

export default async (req: Request, context: PlatformContext): Promise<Response> => endpoint(req, context.ip ?? "");

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/mcp/endpoint.ts.
export const config = {
  path: "/mcp",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
