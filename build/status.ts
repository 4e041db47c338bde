// The status document: per dataset, how fresh it is for its cadence and which raw file it came from.
import { behindReason, NEWER_SAT_REVISIONS } from "../sources/sat-revisions.ts";
import { SIE_SOURCES } from "../sources/banxico.ts";
import { SERVED_SERIES, SIE_SERIES, type Cadence, type SieSeriesConfig } from "../lib/datasets/series.ts";
import { monthlyStaleFrom, monthlyStaleness, type DatasetEntry } from "../lib/datasets/entry.ts";
import { DATASETS, keysListed, type DatasetKey } from "../lib/datasets/tables.ts";
import { CATALOGS, satCatalog } from "../sources/sat.ts";
import type { FeedSource } from "../sources/types.ts";
import { addDays, instantFromEpochSeconds, isWeekend, weekdaysAfter, yearOf } from "../core/dates.ts";
import { SERVICE_NAME } from "../core/service-config.ts";
import { DUMP_INDEX, SQLITE_DUMP, WORKBOOK_FAMILIES, workbookPath } from "../lib/routes/route-paths.ts";
import type { Datasets } from "../lib/datasets/records.ts";
import type { DatasetStatus, StatusDocument } from "../core/schemas.ts";

/**
 * A Banxico series' staleness, by its cadence (one rule per cadence kind; a series names its cadence in
 * sources/sie-series.ts). Banking days: stale when more than 4 business days (weekdays) behind the as-of date.
 * Every calendar day: Banxico publishes the values ahead of the days they apply to (the UDI), so a missing value
 * for the as-of date is late.
 */
export function seriesStaleness(s: SieSeriesConfig, latest: string, asOf: string): string | null {
  if (s.cadence === "daily") return latest < asOf ? `no hay ${s.noun} para la fecha de corte ${asOf}; el último es del ${latest}` : null;
  const behind = weekdaysAfter(latest, asOf);
  return behind > 4 ? `${s.latestNoun} (${latest}) está ${behind} días hábiles detrás de la fecha de corte ${asOf}` : null;
}

/**
 * The first day (Mexico City) on which a series whose latest value is `latest` counts as stale by the rule of
 * its cadence above: a fact of the data alone, true whenever it is read, so a static answer can carry it.
 */
export const STALE_FROM_CADENCE: Record<Cadence, (latest: string) => string> = {
  /** Banking days: the fifth weekday after the latest date. */
  "banking-day": (latest) => {
    let day = latest;
    for (let weekdays = 0; weekdays < 5; ) {
      day = addDays(day, 1);
      if (!isWeekend(day)) weekdays++;
    }
    return day;
  },
  /** Every calendar day: the day after the latest value (Banxico publishes it ahead). */
  daily: (latest) => addDays(latest, 1),
};

/** A yearly table: stale from the due day of the year after its latest year. */
export const yearlyStaleFrom = (latestYear: number, dueMonthDay: string): string => `${latestYear + 1}-${dueMonthDay}`;

/** A published Banxico series' status entry, staleness by its cadence. */
function seriesStatus(d: Datasets, key: (typeof SERVED_SERIES)[number], asOf: string): DatasetStatus {
  const s: SieSeriesConfig = SIE_SERIES[key];
  const rows = d[key];
  const latest = rows.at(-1)?.date ?? null;
  const reason = latest ? seriesStaleness(s, latest, asOf) : "sin observaciones";
  return feedStatus(d, key, SIE_SOURCES[key], {
    title: s.title,
    // Both cadences publish (nearly) every day.
    cadence: "diaria",
    records: rows.length,
    first: rows[0]?.date ?? null,
    latest,
    stale: reason !== null,
    staleReason: reason,
    staleFrom: latest ? STALE_FROM_CADENCE[s.cadence](latest) : null,
  });
}

/** INPC: stale when more than 45 days have passed since the end of the month after the last period (its cadence). */
export const inpcStaleness = (lastPeriod: string, asOf: string): string | null =>
  monthlyStaleness(DATASETS.inpc.status.cadence, lastPeriod, asOf);

/** A yearly table: stale when the as-of year has no row once that year's publication is due. */
export function yearlyStaleness(latestYear: number, asOf: string, dueMonthDay: string, what: string): string | null {
  const year = yearOf(asOf);
  return latestYear < year && asOf >= `${year}-${dueMonthDay}`
    ? `falta ${what} de ${year} (se publica antes del ${year}-${dueMonthDay})`
    : null;
}

/** Where a raw file's bytes came from: a download (when, from where) or public copies (which), never confused. */
export function rawInfo(d: Datasets, file: string): DatasetStatus["raw"] {
  const info = d.rawFiles.get(file);
  const entry = d.manifest.files[file];
  if (!info || !entry) return null;
  const base = { file, sha256: info.sha256, bytes: info.bytes, url: entry.url };
  return entry.kind === "publisher"
    ? { ...base, origin: "publicador", fetchedAt: entry.fetchedAt, copies: null }
    : { ...base, origin: "copia", fetchedAt: null, copies: entry.copies };
}

/** Status ids are the dump dataset ids (fx, inpc, cfdi-uso, …) so the two documents can be joined. */
function feedStatus<T>(
  d: Datasets,
  id: string,
  source: FeedSource<T>,
  rest: Omit<DatasetStatus, "id" | "publisher" | "officialUrl" | "raw">,
): DatasetStatus {
  return { id, publisher: source.publisher, officialUrl: source.officialUrl, ...rest, raw: rawInfo(d, source.rawFile) };
}

/** What a status entry says of a dataset's records and freshness, by its cadence (lib/datasets/tables.ts). */
type Freshness = Pick<DatasetStatus, "cadence" | "records" | "first" | "latest" | "stale" | "staleReason" | "staleFrom">;

function freshness(e: DatasetEntry, d: Datasets, asOf: string): Freshness {
  const c = e.status.cadence;
  switch (c.kind) {
    case "monthly": {
      const periods = c.periods(d);
      const last = periods.at(-1) ?? null;
      const reason = last ? monthlyStaleness(c, last, asOf) : "sin observaciones";
      const staleFrom = last ? monthlyStaleFrom(c, last) : null;
      return {
        cadence: "mensual",
        records: periods.length,
        first: periods[0] ?? null,
        latest: last,
        stale: reason !== null,
        staleReason: reason,
        staleFrom,
      };
    }
    case "yearly": {
      const years = c.years(d);
      const last = years.at(-1);
      const reason = yearlyStaleness(last ?? 0, asOf, c.due, c.what);
      return {
        cadence: "anual",
        records: years.length,
        first: years.length ? String(years[0]) : null,
        latest: last === undefined ? null : String(last),
        stale: reason !== null,
        staleReason: reason,
        staleFrom: last === undefined ? null : yearlyStaleFrom(last, c.due),
      };
    }
    case "version": {
      // A catalog by version names its first and last key, as each SAT sheet's entry does (c_TasaOCuota has no key: none).
      const keys = "coverage" in e.dump ? e.dump.coverage(d) : { first: null, last: null };
      return {
        cadence: "por versión",
        records: c.records(d),
        first: keys.first,
        latest: keys.last,
        stale: false,
        staleReason: null,
        staleFrom: null,
      };
    }
  }
}

/** A registry dataset's status entry: a feed's names its raw file, a table's its citation. */
function registryStatus(d: Datasets, key: DatasetKey, asOf: string): DatasetStatus {
  const e: DatasetEntry = DATASETS[key];
  const { cadence, ...facts } = freshness(e, d, asOf);
  if ("rawFile" in e.source) {
    // A feed published by version (a SAT sheet) names the version it holds.
    const version = e.status.cadence.kind === "version" && { version: d.sheetVersions.get(e.source.rawFile) ?? null };
    return feedStatus(d, e.dataset, e.source, { title: e.status.title, cadence, ...facts, ...version });
  }
  const { publisher, officialUrl, citation } = e.source;
  return { id: e.dataset, title: e.status.title, publisher, officialUrl, cadence, ...facts, raw: null, citation };
}

/** `builtAt`: SOURCE_DATE_EPOCH when set, else the newest raw download; never the clock, so builds stay reproducible. */
function builtAt(d: Datasets, env: Record<string, string | undefined>): string | null {
  const epoch = env["SOURCE_DATE_EPOCH"];
  if (epoch && /^\d+$/.test(epoch)) return instantFromEpochSeconds(Number(epoch));
  // Public copies were never downloaded: they give no time.
  const fetched = Object.values(d.manifest.files)
    .flatMap((f) => (f.kind === "publisher" ? [f.fetchedAt] : []))
    .sort();
  return fetched.at(-1) ?? null;
}

export function statusDocument(d: Datasets, asOf: string, env: Record<string, string | undefined>): StatusDocument {
  return {
    service: SERVICE_NAME,
    builtAt: builtAt(d, env),
    asOf,
    datasets: [
      ...SERVED_SERIES.map((key) => seriesStatus(d, key, asOf)),
      ...keysListed("tables").map((key) => registryStatus(d, key, asOf)),
      ...CATALOGS.map((c) => {
        const entries = d.catalogs[c.id];
        const keys = entries.map((e) => e.key).sort();
        return feedStatus(d, `${c.family}-${c.id}`, satCatalog(c.id), {
          title: `Catálogo ${c.sheet} (${c.family === "cfdi" ? "CFDI 4.0" : "Nómina 1.2"})`,
          cadence: "por versión",
          records: entries.length,
          first: keys[0] ?? null,
          latest: keys.at(-1) ?? null,
          // A sheet SAT has revised since: stale from its first newer revision, and /estado/ says why.
          ...behind(satCatalog(c.id).rawFile),
          version: d.sheetVersions.get(satCatalog(c.id).rawFile) ?? null,
        });
      }),
      ...keysListed("sat").map((key) => registryStatus(d, key, asOf)),
    ],
    downloads: { index: DUMP_INDEX, sqlite: SQLITE_DUMP, workbooks: WORKBOOK_FAMILIES.map(workbookPath) },
  };
}

/** A SAT sheet's staleness: stale from the first revision SAT published after the one raw/ holds, if we know of one. */
function behind(rawFile: string): Pick<DatasetStatus, "stale" | "staleReason" | "staleFrom"> {
  const reason = behindReason(rawFile);
  const first = NEWER_SAT_REVISIONS[rawFile]?.dates[0];
  return reason === null || first === undefined
    ? { stale: false, staleReason: null, staleFrom: null }
    : { stale: true, staleReason: reason, staleFrom: first };
}

/** One line per stale dataset, for the build's output. */
export const staleWarnings = (status: StatusDocument): string[] =>
  status.datasets.filter((s) => s.stale).map((s) => `⚠ ${s.id} desactualizado: ${s.staleReason}`);
