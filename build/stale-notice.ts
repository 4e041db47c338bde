// What `npm start` says about the data it serves: the stale datasets of the built tree, judged as of today.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { filePath, routeById } from "../lib/routes/routes.ts";
import { DEFINITIONS } from "../lib/datasets/definitions.ts";
import { staleness, type Cadence, type CadenceKind } from "../lib/datasets/staleness.ts";
import type { StatusDocument } from "../core/schemas.ts";

/** The cadences that go stale between builds, judged again as of `today` from the latest date or period; a yearly table's staleness is the build's verdict. */
const JUDGED_AGAIN: readonly CadenceKind[] = ["banking-day", "daily", "monthly"];
const CADENCES = new Map<string, Cadence>(DEFINITIONS.filter((d) => JUDGED_AGAIN.includes(d.cadence.kind)).map((d) => [d.id, d.cadence]));

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
    const cadence = CADENCES.get(d.id);
    const reason = cadence && d.latest !== null ? staleness(cadence, d.latest, today).staleReason : d.stale ? d.staleReason : null;
    if (reason !== null) lines.push(`⚠ ${d.id} desactualizado: ${reason}`);
  }
  if (lines.length > 0) lines.push(`Datos compilados al ${status.asOf}; para actualizarlos: npm run fetch && npm run build.`);
  return lines;
}
