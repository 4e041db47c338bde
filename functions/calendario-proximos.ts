// Netlify function: GET /calendario/proximos and GET /calendario (a range), a shell over the API app.
import { calendarHandler, calendarRangeHandler } from "../lib/handlers/calendar.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = {
  path: ["/api/v1/public/calendario/proximos", "/api/v1/public/calendario"],
};

export default routeFunction(config.path, () => ({ calendarNext: calendarHandler(), calendarRange: calendarRangeHandler() }));
