// The OpenAPI components: every record shape of core/schemas.ts less those of Banxico series not yet published.
import { allSchemas } from "../core/schemas.ts";
import { servedSchema } from "./banxico-series.ts";

/** The rows of the calendar's two tables: the dumps check them, no operation returns them (an unused component). */
const DUMP_ONLY: ReadonlySet<string> = new Set(["ObligacionPeriodica", "DiaInhabil"]);

/** The schema of a series with `served: false` (lib/banxico-series.ts) stays out of openapi.json until raw/ holds it. */
export const schemas = Object.fromEntries(
  Object.entries(allSchemas).filter(([name]) => servedSchema(name) && !DUMP_ONLY.has(name)),
) as typeof allSchemas;
