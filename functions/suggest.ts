// Netlify function: GET /suggest?q=, a shell over the API app.
import { suggestHandler } from "../lib/handlers/suggest.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = { path: "/api/v1/public/suggest" };

export default routeFunction(config.path, () => ({ suggest: suggestHandler }));
