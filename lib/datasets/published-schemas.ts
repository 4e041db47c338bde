// The OpenAPI components: every record shape of core/schemas.ts less those of Banxico series not yet published.
import { allSchemas } from "../../core/schemas.ts";
import { servedSchema } from "./series.ts";

/** The schema of a series with `served: false` (lib/datasets/series.ts) stays out of openapi.json until raw/ holds it. */
export const schemas = Object.fromEntries(Object.entries(allSchemas).filter(([name]) => servedSchema(name))) as typeof allSchemas;
