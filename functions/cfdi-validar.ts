// Netlify function: GET /cfdi/validar/{receptor,concepto,comprobante} and POST /cfdi/validar (a whole XML), over the catalog dumps the checks index (fetched once per instance).
import { CHECK_DUMPS, checkHandlers, checkIndexOf } from "../lib/handlers/check.ts";
import { deployFileFunction } from "../lib/http/netlify-tree.ts";

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes/routes.ts.
export const config = {
  path: [
    "/api/v1/public/cfdi/validar/receptor",
    "/api/v1/public/cfdi/validar/concepto",
    "/api/v1/public/cfdi/validar/comprobante",
    "/api/v1/public/cfdi/validar",
  ],
};

export default deployFileFunction(config.path, (data) => checkHandlers(() => checkIndexOf(data())), ...CHECK_DUMPS);
