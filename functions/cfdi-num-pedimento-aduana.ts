// Netlify function: GET /cfdi/num-pedimento-aduana/{aduana}/{patente}/{ejercicio}, from the catalog's dump.
import { dumpPath } from "../lib/routes/routes.ts";
import { SatData } from "../lib/datasets/sat-dumps.ts";
import { pedimentoHandler } from "../lib/handlers/sat.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = { path: "/api/v1/public/cfdi/num-pedimento-aduana/:aduana/:patente/:ejercicio" };

export default routeFunction(
  config.path,
  (read) => ({ cfdiNumPedimentoAduana: pedimentoHandler(SatData.over(read)) }),
  dumpPath("cfdi-num-pedimento-aduana", "json"),
);
