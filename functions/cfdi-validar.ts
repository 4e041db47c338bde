// Netlify function: GET /cfdi/validar/{receptor,concepto,comprobante} and POST /cfdi/validar (a whole XML), over the catalog dumps the checks index (fetched once per instance).
import { CHECK_DUMPS, checkHandlers, checkIndexOf } from "../lib/handlers/check.ts";
import { SatData, type DumpReader } from "../lib/datasets/sat-dumps.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = {
  path: [
    "/api/v1/public/cfdi/validar/receptor",
    "/api/v1/public/cfdi/validar/concepto",
    "/api/v1/public/cfdi/validar/comprobante",
    "/api/v1/public/cfdi/validar",
  ],
};

export default routeFunction(
  config.path,
  (read: DumpReader) => {
    const data = SatData.over(read);
    return checkHandlers(() => checkIndexOf(data()));
  },
  ...CHECK_DUMPS,
);
