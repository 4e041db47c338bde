// Netlify function: GET /calendario/proximos and GET /calendario (a range), a shell over the API app.
import { calendarHandler, calendarRangeHandler } from "../lib/handlers/calendar.ts";
import { Api } from "../lib/http/app.ts";
import { platformEnv, routesAt, type PlatformContext } from "../lib/http/netlify.ts";

export default async (req: Request, context: PlatformContext): Promise<Response> => app.fetch(req, context);

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes/routes.ts.
export const config = {
  path: ["/api/v1/public/calendario/proximos", "/api/v1/public/calendario"],
};

// Only this function's own routes are mounted; no counter of its own: the edge in front counts each request once.
const app = new Api({
  env: platformEnv(),
  handlers: { calendarNext: calendarHandler(), calendarRange: calendarRangeHandler() },
  routes: routesAt(config.path),
  rateLimit: false,
}).app;
