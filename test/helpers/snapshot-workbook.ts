// The run's copy of SAT's workbook made from the snapshot (test/global-setup.ts), for the fake publishers of the fetch suites.
import { readFileSync } from "node:fs";
import { inject } from "vitest";

/** buildWorkbook()'s bytes, read from the file the global setup wrote once (writing them takes about 1.2 s of CPU). */
export const snapshotWorkbook = (): Buffer => readFileSync(inject("satWorkbook"));
