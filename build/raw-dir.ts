// Finds the raw directory: FISCAL_RAW_DIR, else ./raw (tracked in the repository).
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
  const inRepo = resolve(cwd, "raw");
  if (isDir(inRepo)) return inRepo;
  throw new RawDirMissingError(
    "No hay directorio de datos crudos en ./raw. Ejecuta el comando desde la raíz del repositorio, " +
      "descárgalos con `npm run fetch` o apunta FISCAL_RAW_DIR a una copia existente.",
  );
}
