// Netlify function: GET /cfdi/num-pedimento-aduana/{aduana}/{patente}/{ejercicio}, from the catalog's dump.
import { dumpPath } from "../lib/routes/routes.ts";
import { pedimentoHandler } from "../lib/handlers/sat.ts";
import { deployFileFunction } from "../lib/http/netlify-tree.ts";

// Netlify reads this statically, so it is a literal; test/http-netlify.test.ts checks it against lib/routes/routes.ts.
export const config = {
  path: "/api/v1/public/cfdi/num-pedimento-aduana/:aduana/:patente/:ejercicio",
};

export default deployFileFunction(
  config.path,
  (data) => ({ cfdiNumPedimentoAduana: pedimentoHandler(data) }),
  dumpPath("cfdi-num-pedimento-aduana", "json"),
);
