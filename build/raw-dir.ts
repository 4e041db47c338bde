// Finds the raw directory: FISCAL_RAW_DIR, else ./raw, else the sibling snapshot ../shared/raw.
import { existsSync, statSync } from "node:fs";
import { resolve } from "node:path";

export class RawDirMissingError extends Error {
  override readonly name = "RawDirMissingError";
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

export function findRawDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string {
  const configured = env["FISCAL_RAW_DIR"];
  if (configured) {
    const dir = resolve(cwd, configured);
    if (isDir(dir)) return dir;
    throw new RawDirMissingError(`FISCAL_RAW_DIR=${configured} no es un directorio.`);
  }
  for (const candidate of [resolve(cwd, "raw"), resolve(cwd, "../shared/raw")]) {
    if (isDir(candidate)) return candidate;
  }
  throw new RawDirMissingError(
    "No hay directorio de datos crudos. Descárgalos con `npm run fetch` (escribe ./raw), " +
      "apunta FISCAL_RAW_DIR a una copia existente, o coloca la instantánea en ../shared/raw.",
  );
}
