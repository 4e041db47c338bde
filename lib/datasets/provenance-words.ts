// What a dataset's file is and which revision, in words, from its /status entry: the SQLite `datasets` table and the workbooks' «Fuentes» sheet say the same.
import type { DatasetStatus } from "../../core/service-schemas.ts";

/** A publisher download (from where, when), public copies (which, at which commit) or a hand-kept table (its citation); and how it was checked. */
export function originWords(s: DatasetStatus): string {
  if (s.raw === null) return `Tabla mantenida en el repositorio${s.citation === undefined ? "" : `, según ${s.citation}`}.`;
  const checked = `sha256 ${s.raw.sha256} en raw/manifest.json`;
  if (s.raw.origin === "publicador")
    return `Descarga del publicador (${s.raw.url})${s.raw.fetchedAt === null ? "" : ` el ${s.raw.fetchedAt}`}; ${checked}.`;
  const copies = (s.raw.copies ?? []).map(
    (c) => `${c.repository} ${c.path} @ ${c.commit.slice(0, 12)}${c.covers === null ? "" : ` (${c.covers})`}`,
  );
  return `Copia pública, no descargada del publicador: ${copies.join("; ")}; comprobada contra otras copias y los esquemas del publicador como dice raw/README.md; ${checked}.`;
}

/** For a SAT sheet: which revision it is and, when SAT has published newer ones, that it is behind; null for other datasets. */
export function revisionWords(s: DatasetStatus): string | null {
  if (s.cadence !== "por versión") return null;
  const held = s.version === undefined || s.version === null ? "versión no declarada" : s.version;
  return s.stale && s.staleReason !== null ? `${held} Atrasada: ${s.staleReason}.` : held;
}
