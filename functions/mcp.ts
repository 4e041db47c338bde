// Netlify function: the MCP endpoint (/mcp), stateless; tools read file routes from the deploy and run function routes here.
import { recordsFromFiles, type CalcRecords } from "../lib/calc/records.ts";
import { diskFiles, functionDistDir } from "../lib/http/disk-files.ts";
import { platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import { createApi } from "../lib/http/service.ts";
import { deployCall } from "../lib/mcp/calls.ts";
import { mcpHandler } from "../lib/mcp/server.ts";

const env = platformEnv();
let records: CalcRecords | undefined;
// The platform enforces the limit (config.rateLimit); the tools' own requests are not counted again.
const api = createApi({ env, rateLimit: false, records: () => (records ??= recordsFromFiles(diskFiles(functionDistDir({ ...process.env, ...env })))) });

export default async (req: Request, context: PlatformContext): Promise<Response> =>
  mcpHandler({ call: deployCall(api, new URL(req.url).origin) })(req, context.ip ?? "");

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/mcp/server.ts.
export const config = {
  path: "/mcp",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
