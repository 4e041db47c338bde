// Netlify function: GET /cfdi/tasa-o-cuota?impuesto=&factor=, from the rules' dump and c_Impuesto's (for tax codes).
import { dumpPath } from "../lib/routes/routes.ts";
import { SatData } from "../lib/datasets/sat-dumps.ts";
import { tasaOCuotaHandler } from "../lib/handlers/sat.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = { path: "/api/v1/public/cfdi/tasa-o-cuota" };

export default routeFunction(
  config.path,
  (read) => ({ cfdiTasaOCuota: tasaOCuotaHandler(SatData.over(read)) }),
  dumpPath("cfdi-tasa-o-cuota", "json"),
  dumpPath("cfdi-impuesto", "json"),
);
