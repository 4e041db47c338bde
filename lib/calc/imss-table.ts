// The IMSS and INFONAVIT rates of sources/imss.ts in the shape core/calculations.ts reads: the calculator page embeds it, the API uses it.
import { cesantiaBands, cesantiaEmployerRows, CESANTIA_BEFORE_2023, contributionRates } from "../../sources/imss.ts";
import type { ImssRateTable } from "../../core/calculations.ts";

export const imssRateTable: ImssRateTable = {
  rates: contributionRates.map((r) => ({
    concept: r.concept,
    employer: r.employerPercent,
    worker: r.workerPercent,
    base: r.base,
    legal: r.legalBasis,
  })),
  cesantia: Object.fromEntries(cesantiaEmployerRows.map((r) => [String(r.year), r.percents])),
  before2023: CESANTIA_BEFORE_2023,
  bands: cesantiaBands,
};
