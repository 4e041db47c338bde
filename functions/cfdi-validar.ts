// Netlify function: GET /cfdi/validar/{receptor,concepto,comprobante} and POST /cfdi/validar (a whole XML), over the catalog dumps the checks index (fetched once per instance).
import { CHECK_DUMPS, checkHandlers, checkIndexOf } from "../lib/handlers/check.ts";
import { SatData, type DumpReader } from "../lib/datasets/sat-dumps.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes/routes.ts.
export const config = {
  path: [
    "/api/v1/public/cfdi/validar/receptor",
    "/api/v1/public/cfdi/validar/concepto",
    "/api/v1/public/cfdi/validar/comprobante",
    "/api/v1/public/cfdi/validar",
  ],
};

const checks = (read: DumpReader): ReturnType<typeof checkHandlers> => {
  const data = SatData.over(read);
  return checkHandlers(() => checkIndexOf(data()));
};

export default routeFunction(config.path, checks, ...CHECK_DUMPS);
