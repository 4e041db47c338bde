// The domain: the typed datasets every response comes from, and the API records built from them (FxRate, Uma, InpcRecord, IsrTariff, CfdiCatalogEntry).
import { topBandCesantiaPercent, contributionRates } from "../../sources/imss.ts";
import type { SieObservation } from "../../sources/banxico.ts";
import type { InpcObservation } from "../../sources/inegi.ts";
import type { IsrBracket, IsrPublication } from "../../sources/isr-checks.ts";
import { isrTariffs } from "../../sources/isr.ts";
import type { CatalogEntry, CatalogId, CfdiEntry, TasaOCuotaRule } from "../../sources/sat.ts";
import { seriesRecord, type ServedKey } from "./series.ts";
import type { TableData } from "./table-sources.ts";
import { Series } from "../../core/series.ts";
import { cfdiPlain } from "../../content/cfdi-plain.ts";
import { notesOf } from "./guide-notes.ts";
import { yearOf } from "../../core/dates.ts";
import type { CfdiCatalogEntry, FxRate, InpcRecord, IsrTariff, TariffRow, UmaRecord } from "../../core/schemas.ts";
import type { TasaOCuotaRule as TasaOCuotaRuleShape } from "../../core/sat-schemas.ts";
import type { Manifest } from "../../core/manifest-schema.ts";

/** What the build knows of one raw file: its digest always, its download facts when a manifest exists. */
export interface RawFileInfo {
  sha256: string;
  bytes: number;
}

/** raw/manifest.json: per raw file, where its bytes came from (a download or a public copy) and what they hold. */
export type { Manifest, ManifestEntry } from "../../core/manifest-schema.ts";

/** The observations of every published Banxico series, by its registry id (lib/datasets/series.ts). */
export type SeriesData = { readonly [K in ServedKey]: SieObservation[] };

/**
 * Every source read and checked (build/datasets.ts loads them from lib/datasets/definitions.ts): each dataset's
 * records under its id (`fx`, `tiie-28`, `inpc`, `salario-minimo`, …), the keyed SAT sheets by catalog.
 */
export interface Datasets extends SeriesData, TableData {
  /** Every keyed SAT catalog (CFDI 4.0 and Nómina 1.2) by its catalog id (`uso` of `cfdi-uso`). */
  catalogs: Record<CatalogId, CatalogEntry[]>;
  /** Digest and size of each raw file read, keyed by its path in the raw directory. */
  rawFiles: Map<string, RawFileInfo>;
  /** The raw directory's manifest (build/fetch-manifest.ts); every raw file read matched it. */
  manifest: Manifest;
  /** Each SAT sheet's version line from the version.txt of each SAT folder (sources/sat-version.ts), by the sheet's raw file. */
  sheetVersions: Map<string, string>;
}

/** Short provenance; the full citations live with the tables in sources/ and in the status document. */
const UMA_SOURCE = "UMA: INEGI (DOF); salario mínimo: CONASAMI (DOF); tasas: Ley del Seguro Social y Ley del INFONAVIT";

/** Percent sums are done in thousandths of a percent so 0.25 + 0.375 + … stays exact. */
const percentToFraction = (percent: number): number => Math.round(percent * 1000) / 100_000;

/** The FIX record of an observation (the headline, the Art. 20 rule and the calculations read it). */
export const fxRate = (o: SieObservation): FxRate => seriesRecord("fx", o);
export const inpcRecord = (o: InpcObservation): InpcRecord => ({ period: o.period, value: o.value });

/** Observations dated within the `days` calendar days ending on the latest published date, oldest first. */
export function fxHistory(fx: SieObservation[], days: number): FxRate[] {
  return new Series(fx).lastDays(days).map(fxRate);
}

/** The `limit` most recent months, oldest first. */
export const inpcLatest = (inpc: InpcObservation[], limit: number): InpcRecord[] => inpc.slice(-limit).map(inpcRecord);

function sumPercents(percents: number[]): number {
  return percents.reduce((acc, p) => acc + Math.round(p * 1000), 0) / 1000;
}

/** Worker IMSS percent on the SBC: every rate whose base is the whole SBC (docs/decisions/0003-uma-record.md: 2.375 %). */
export function employeePercent(): number {
  return sumPercents(contributionRates.filter((r) => r.base === "sbc").map((r) => r.workerPercent));
}

/** Employer IMSS + INFONAVIT percent on the SBC for a year, with the top cesantía band (docs/decisions/0003-uma-record.md). */
export function employerPercent(year: number): number | undefined {
  const cesantia = topBandCesantiaPercent(year);
  if (cesantia === undefined) return undefined;
  const fixed = contributionRates.filter((r) => r.base === "sbc" && r.employerPercent !== null).map((r) => r.employerPercent as number);
  return sumPercents([...fixed, cesantia]);
}

export function umaRecord(d: Datasets, year: number): UmaRecord | undefined {
  const u = d.uma.find((r) => r.year === year);
  const sm = d["salario-minimo"].find((r) => r.year === year);
  const employer = employerPercent(year);
  if (!u || !sm || employer === undefined) return undefined;
  return {
    year,
    uma: u.daily,
    umaMensual: u.monthly,
    umaAnual: u.annual,
    umaVigenteDesde: u.inForceFrom,
    salarioMinimo: sm.general,
    salarioMinimoZonaFrontera: sm.borderZone,
    salarioMinimoVigenteDesde: sm.inForceFrom,
    employeeRate: percentToFraction(employeePercent()),
    employerRate: percentToFraction(employer),
    source: UMA_SOURCE,
  };
}

/** Years with a complete UMA record (UMA, minimum wage and rates all published). */
export function umaYears(d: Datasets): number[] {
  return d.uma.map((r) => r.year).filter((y) => umaRecord(d, y) !== undefined);
}

/** The record year for "the current year": that year if published, else the latest one before it. */
export function currentYear(years: number[], asOf: string): number | undefined {
  const y = yearOf(asOf);
  return [...years].sort((a, b) => b - a).find((candidate) => candidate <= y);
}

const tariffRow = ([lower, upper, fee, percent]: IsrBracket): TariffRow => ({
  lowerLimit: lower,
  upperLimit: upper,
  fixedQuota: fee,
  marginalRate: percentToFraction(percent),
});

/** A tariff as published; the API and the dumps serve every period of IsrPeriod. */
export function isrTariff<P extends keyof IsrPublication["periods"]>(
  pubs: IsrPublication[],
  year: number,
  period: P,
): (Omit<IsrTariff, "period"> & { period: P }) | undefined {
  const pub = pubs.find((p) => p.years.includes(year));
  if (!pub) return undefined;
  return { year, period, rows: pub.periods[period].map(tariffRow), source: pub.citation };
}

export const isrYears = (pubs: IsrPublication[]): number[] => isrTariffs.yearly.years(pubs);

function cfdiEntry(catalog: CatalogId, e: CfdiEntry): CfdiCatalogEntry {
  const plain = (cfdiPlain as Partial<Record<CatalogId, Record<string, string>>>)[catalog]?.[e.code] ?? null;
  const notes = notesOf(catalog, e.code);
  const entry = { code: e.code, description: e.description, plain, validFrom: e.validFrom, validTo: e.validTo, ...e.extras };
  return notes === undefined ? entry : { ...entry, notasGuia: [...notes] };
}

/** A catalog's API records ordered by key (code unit order, as the list pages and dumps publish them). */
export function catalogList(catalog: CatalogId, entries: CfdiEntry[]): CfdiCatalogEntry[] {
  return [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((e) => cfdiEntry(catalog, e));
}

/** The published shape of a c_TasaOCuota rule (core/sat-schemas.ts). */
export type TasaOCuotaRecord = TasaOCuotaRuleShape;

/** A c_TasaOCuota rule as the API publishes it: the sheet's columns, in its order. */
export function tasaOCuotaRecord(r: TasaOCuotaRule): TasaOCuotaRecord {
  const { row: _row, ...rest } = r;
  return rest;
}
