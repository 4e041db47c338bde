// Netlify function: GET /calendario/proximos and GET /calendario (a range), a shell over the API app.
import { calendarHandler, calendarRangeHandler } from "../lib/handlers/calendar.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes/routes.ts.
export const config = {
  path: ["/api/v1/public/calendario/proximos", "/api/v1/public/calendario"],
};

export default routeFunction(config.path, () => ({ calendarNext: calendarHandler(), calendarRange: calendarRangeHandler() }));
