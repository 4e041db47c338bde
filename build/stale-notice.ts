// What `npm start` says about the data it serves: the stale datasets of the built tree, judged as of today.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { filePath, routeById } from "../lib/routes/routes.ts";
import { SERVED_SERIES, SIE_SERIES, type SieSeriesConfig } from "../lib/datasets/series.ts";
import { seriesStaleness } from "./status.ts";
import { monthlyStaleness, type DatasetEntry } from "../lib/datasets/entry.ts";
import { DATASET_KEYS, DATASETS } from "../lib/datasets/tables.ts";
import type { StatusDocument } from "../core/schemas.ts";

/** The series and monthly feeds that go stale between builds, judged again as of `today` from their latest observation. */
const AS_OF_TODAY: Record<string, (latest: string, today: string) => string | null> = {
  ...Object.fromEntries(
    SERVED_SERIES.map((key) => {
      const s: SieSeriesConfig = SIE_SERIES[key];
      return [key, (latest: string, today: string) => seriesStaleness(s, latest, today)] as const;
    }),
  ),
  // The monthly feeds (the INPC); a yearly table's staleness is the build's verdict.
  ...Object.fromEntries(
    DATASET_KEYS.flatMap((key) => {
      const e: DatasetEntry = DATASETS[key];
      const { cadence } = e.status;
      return cadence.kind === "monthly"
        ? [[e.dataset, (latest: string, today: string) => monthlyStaleness(cadence, latest, today)] as const]
        : [];
    }),
  ),
};

/**
 * One line per stale dataset of the tree in `distDir`: the series whose latest observation is too old
 * as of `today`, and every dataset the build itself found stale. Empty when all are fresh.
 */
export function staleNotice(distDir: string, today: string): string[] {
  const path = join(distDir, filePath(routeById("status")));
  if (!existsSync(path)) return [`⚠ ${path} no existe: no se puede saber si los datos están al día.`];
  const status = JSON.parse(readFileSync(path, "utf8")) as StatusDocument;
  const lines: string[] = [];
  for (const d of status.datasets) {
    const judge = AS_OF_TODAY[d.id];
    const reason = judge && d.latest !== null ? judge(d.latest, today) : d.stale ? d.staleReason : null;
    if (reason !== null) lines.push(`⚠ ${d.id} desactualizado: ${reason}`);
  }
  if (lines.length > 0) lines.push(`Datos compilados al ${status.asOf}; para actualizarlos: npm run fetch && npm run build.`);
  return lines;
}
