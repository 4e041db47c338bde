// Netlify function: GET /rfc/validar/{rfc}, a shell over the API app.
import { rfcHandler } from "../lib/handlers/rfc.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = { path: "/api/v1/public/rfc/validar/:rfc" };

export default routeFunction(config.path, () => ({ rfcValidate: rfcHandler }));
