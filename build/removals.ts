// A dataset never shrinks silently: record counts of the new status document against the tree it replaces.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { filePath, routeById } from "../lib/routes/routes.ts";
import type { OutputFile } from "./write.ts";

/** A build that would publish fewer records of some dataset than the tree it replaces, without being told to. */
export class RemovalsRefused extends Error {
  override readonly name = "RemovalsRefused";
}

type Counts = Map<string, number>;

/** Records per dataset id, as the status document (`/status`) states them. */
function countsOf(text: string): Counts {
  const doc = JSON.parse(text) as { datasets?: { id: string; records: number }[] };
  return new Map((doc.datasets ?? []).map((d) => [d.id, d.records]));
}

/**
 * Throws RemovalsRefused, with the counts, when a dataset of the previous tree at `outDir` would have
 * fewer records (or be gone) in the new status document `next`, unless its id is in `accepted`. An accepted id that is not a
 * dataset is refused too, so a typo cannot pass for consent. No previous tree: nothing to compare.
 */
export function checkRemovals(outDir: string, next: OutputFile | undefined, accepted: readonly string[]): void {
  const path = filePath(routeById("status"));
  if (!next) throw new RemovalsRefused(`la compilación no produjo ${path}`);
  const after = countsOf(Buffer.from(next.data).toString("utf8"));
  const previous = join(outDir, path);
  const before: Counts = existsSync(previous) ? countsOf(readFileSync(previous, "utf8")) : new Map();
  const unknown = accepted.filter((id) => !before.has(id) && !after.has(id));
  if (unknown.length > 0) {
    throw new RemovalsRefused(
      `--accept-removals nombra conjuntos que no existen: ${unknown.join(", ")} (existen: ${[...after.keys()].join(", ")})`,
    );
  }
  const shrunk = [...before]
    .filter(([id, was]) => (after.get(id) ?? 0) < was && !accepted.includes(id))
    .map(([id, was]) => `  ✗ ${id}: ${after.get(id) ?? 0} registros en lugar de ${was}`);
  if (shrunk.length > 0) {
    throw new RemovalsRefused(
      `La compilación publicaría menos registros que ${outDir}:\n${shrunk.join("\n")}\n` +
        "Si la reducción es correcta (el publicador retiró registros), repite con --accept-removals=<conjunto>.",
    );
  }
}
