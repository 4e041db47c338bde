// Netlify function: GET /cfdi/buscar?q=&catalogo=&limit=, over the search index the build wrote.
import { SEARCH_INDEX_PATH } from "../lib/search/sat-search.ts";
import { searchHandler } from "../lib/handlers/search.ts";
import { SatData } from "../lib/datasets/sat-dumps.ts";
import { routeFunction } from "../lib/http/disk-files.ts";

export const config = { path: "/api/v1/public/cfdi/buscar" };

export default routeFunction(config.path, (read) => ({ cfdiSearch: searchHandler(SatData.over(read)) }), SEARCH_INDEX_PATH);
