// The API's own records (the files of the build, parsed once) that the calculations read: UMA, ISR tariffs, INPC.
import { filePath, routeById } from "../routes.ts";
import type { FileStore } from "../http/static.ts";
import type { InpcLike, UmaLike } from "../../site/assets/calc/calculos.js";
import type { TariffRowLike } from "../../site/assets/calc/money.js";

export interface UmaRecord extends UmaLike {
  year: number;
  umaVigenteDesde: string;
  salarioMinimoVigenteDesde: string;
  source: string;
}

export interface TariffRecord {
  year: number;
  period: string;
  rows: TariffRowLike[];
  source: string;
}

/** Reads the records a calculation needs by their API paths; undefined where the API answers 404. */
export interface CalcRecords {
  uma(year: number): { path: string; record: UmaRecord } | undefined;
  tariff(year: number, period: string): { path: string; record: TariffRecord } | undefined;
  inpc(period: string): { path: string; record: InpcLike } | undefined;
}

const decoder = new TextDecoder();

/** Records from the prebuilt files, each parsed on first use and kept (a few hundred small files at most). */
export function recordsFromFiles(files: FileStore): CalcRecords {
  const parsed = new Map<string, unknown>();
  const read = <T>(path: string): { path: string; record: T } | undefined => {
    if (!parsed.has(path)) {
      const file = files.get(path);
      parsed.set(path, file === undefined ? undefined : JSON.parse(decoder.decode(file.body)));
    }
    const record = parsed.get(path) as T | undefined;
    // The public path, without the file's extension: what a user would request.
    return record === undefined ? undefined : { path: path.replace(/\.json$/, ""), record };
  };
  return {
    uma: (year) => read<UmaRecord>(filePath(routeById("umaByYear"), { year: String(year) })),
    tariff: (year, period) => read<TariffRecord>(filePath(routeById("isrTariff"), { year: String(year), period })),
    inpc: (period) => read<InpcLike>(filePath(routeById("inpcByPeriod"), { period })),
  };
}

/** The files recordsFromFiles reads, as globs below the publish directory: what the calculation functions bundle. */
export const CALC_RECORD_GLOBS: readonly string[] = ["umaByYear", "isrTariff", "inpcByPeriod"].map(
  (id) => `${routeById(id).path.replace(/\/\{.*$/, "")}/**`,
).map((stem) => `api/v1/public${stem}`);
