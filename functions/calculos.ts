// Netlify function: GET /calculos/* (and POST /calculos/factura), a shell over the API app with the build's UMA, ISR and INPC files (included_files).
import { calculationHandlers } from "../lib/handlers/calculations.ts";
import { Api } from "../lib/http/app.ts";
import { recordsFromFiles, type CalcRecords } from "../lib/calc/records.ts";
import { packedFiles } from "../lib/http/disk-files.ts";
import { platformEnv, routesAt, type PlatformContext } from "../lib/http/netlify.ts";
import { filePath, routeById } from "../lib/routes/routes.ts";

export const config = {
  path: [
    "/api/v1/public/calculos/isr",
    "/api/v1/public/calculos/factor-actualizacion",
    "/api/v1/public/calculos/cuotas-imss",
    "/api/v1/public/calculos/aguinaldo",
    "/api/v1/public/calculos/prima-vacacional",
    "/api/v1/public/calculos/conversion",
    "/api/v1/public/calculos/isr-anual",
    "/api/v1/public/calculos/resico",
    "/api/v1/public/calculos/factura",
    "/api/v1/public/calculos/recargos",
    "/api/v1/public/calculos/sbc",
  ],
};

const files = packedFiles();
let records: CalcRecords | undefined;
// Only this function's own routes, no counter of its own (as routeFunction's).
const app = new Api({
  env: platformEnv(),
  handlers: calculationHandlers(() => (records ??= recordsFromFiles(files))),
  status: () => files.get(filePath(routeById("status")))?.body,
  routes: routesAt(config.path),
  rateLimit: false,
}).app;

export default async (req: Request, context: PlatformContext): Promise<Response> => app.fetch(req, context);
