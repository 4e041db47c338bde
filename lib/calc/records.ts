// The API's own records (the files of the build, parsed once) that the calculations read: UMA, ISR tariffs, INPC, FIX, UDI.
import { dumpPath, filePath, routeById } from "../routes.ts";
import type { FileStore } from "../http/static.ts";
import type { InpcLike, UmaLike } from "../../site/assets/calc/calculos.js";
import type { TariffRowLike } from "../../site/assets/calc/money.js";

export interface UmaRecord extends UmaLike {
  year: number;
  umaVigenteDesde: string;
  salarioMinimoVigenteDesde: string;
  source: string;
}

interface TariffRecord {
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
  /** The FIX history, oldest first, as the FIX dump publishes it. */
  fx(): { path: string; record: FxLike[] } | undefined;
  /** The UDI history, oldest first, as the UDI dump publishes it. */
  udi(): { path: string; record: UdiLike[] } | undefined;
}

export interface UdiLike {
  date: string;
  value: number;
  source: string;
}

export interface FxLike {
  date: string;
  rate: number;
  source: string;
}

const decoder = new TextDecoder();

/**
 * Records by their file path below the publish root ("/api/v1/public/uma/2026.json"), each read once and
 * kept (a few hundred small records at most); `read` gives undefined where there is no file.
 */
export function recordsFrom(read: (path: string) => unknown): CalcRecords {
  const parsed = new Map<string, unknown>();
  const get = <T>(path: string): { path: string; record: T } | undefined => {
    if (!parsed.has(path)) parsed.set(path, read(path));
    const record = parsed.get(path) as T | undefined;
    // The public path, without the file's extension: what a user would request.
    return record === undefined ? undefined : { path: path.replace(/\.json$/, ""), record };
  };
  return {
    uma: (year) => get<UmaRecord>(filePath(routeById("umaByYear"), { year: String(year) })),
    tariff: (year, period) => get<TariffRecord>(filePath(routeById("isrTariff"), { year: String(year), period })),
    inpc: (period) => get<InpcLike>(filePath(routeById("inpcByPeriod"), { period })),
    fx: () => get<FxLike[]>(dumpPath("fx", "json")),
    udi: () => get<UdiLike[]>(dumpPath("udi", "json")),
  };
}

/** Records from the prebuilt files (the local server's preload, or a function's bundled files). */
export function recordsFromFiles(files: FileStore): CalcRecords {
  return recordsFrom((path) => {
    const file = files.get(path);
    return file === undefined ? undefined : JSON.parse(decoder.decode(file.body));
  });
}

/** The files recordsFromFiles reads, as globs below the publish directory: what the calculation functions bundle. */
export const CALC_RECORD_GLOBS: readonly string[] = [
  ...(["umaByYear", "isrTariff", "inpcByPeriod"] as const).map((id) => `api/v1/public${routeById(id).path.replace(/\/\{.*$/, "")}/**`),
  dumpPath("fx", "json").slice(1),
  dumpPath("udi", "json").slice(1),
];
