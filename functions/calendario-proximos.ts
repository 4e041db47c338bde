// Netlify function: GET /calendario/proximos, a shell over the shared pipeline.
import { createApi } from "../lib/http/service.ts";
import { answer, platformEnv, type PlatformContext } from "../lib/http/netlify.ts";

const api = createApi({ env: platformEnv() });

export default async (req: Request, context: PlatformContext): Promise<Response> => answer(api, req, context);

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes.ts.
export const config = {
  path: "/api/v1/public/calendario/proximos",
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ["ip", "domain"] },
};
