// Netlify function: GET /cfdi/tasa-o-cuota?impuesto=&factor=, from the rules' dump.
import { dumpPath } from "../lib/routes.ts";
import { createApi } from "../lib/http/service.ts";
import { answer, platformEnv, type PlatformContext } from "../lib/http/netlify.ts";
import { DeployFiles, unavailableResponse } from "../lib/http/netlify-tree.ts";

const FILE = dumpPath("cfdi-tasa-o-cuota", "json");
const files = new DeployFiles();
const api = createApi({ env: platformEnv(), tree: files.reader });

export default async (req: Request, context: PlatformContext): Promise<Response> => {
  try {
    await files.ensure(FILE, req.url);
  } catch {
    return unavailableResponse(new URL(req.url).pathname, req.method === "HEAD");
  }
  return answer(api, req, context);
};

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes.ts.
export const config = {
  path: "/api/v1/public/cfdi/tasa-o-cuota",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
