// Guards the output folder: only a tree a build wrote is replaced, one build at a time, and a swap cut short is repaired.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { takePidLock } from "./pid-lock.ts";

/** Written into every tree the build produces; its presence is what allows a later build to replace the folder. */
export const BUILD_MARKER = ".fiscal-mx-build";
export const BUILD_MARKER_TEXT = "Written by `npm run build` (Fiscal MX). The next build may replace this whole folder.\n";

/** The build will not touch the output folder (not its own, or busy); nothing was written. */
export class OutDirRefused extends Error {
  override readonly name = "OutDirRefused";
}

/** The folders beside the output: the tree being written and the previous one during the swap. */
export const stagingOf = (outDir: string): string => `${outDir}.staging`;
export const retiredOf = (outDir: string): string => `${outDir}.old`;
const lockOf = (outDir: string): string => `${outDir}.lock`;

const isEmptyDir = (dir: string): boolean => readdirSync(dir).length === 0;

/**
 * Test hook: `FISCAL_BUILD_CRASH=<what>-<step>` kills the build (SIGKILL) at that step of removeTree, where `what`
 * is "retiring" (the previous tree, after the swap), "discarding" (a staging folder dropped on failure) or
 * "recovering" (what an interrupted build left), and `step` "first-entry", "all-but-marker" or "marker".
 */
const CRASH_POINT = process.env["FISCAL_BUILD_CRASH"];
const crashAt = (what: string, step: string): void => {
  if (CRASH_POINT === `${what}-${step}`) process.kill(process.pid, "SIGKILL");
};

/**
 * Deletes a tree the build wrote with its marker last, then the empty folder: a process killed at any moment
 * of it leaves a folder that still holds the marker, or an empty one, and the next build removes either
 * without a person (a recursive delete took the marker early, and the half-deleted folder was then refused).
 */
export function removeTree(dir: string, what: "retiring" | "discarding" | "recovering"): void {
  if (!existsSync(dir)) return;
  const entries = readdirSync(dir).filter((e) => e !== BUILD_MARKER);
  entries.forEach((entry, i) => {
    rmSync(join(dir, entry), { recursive: true, force: true });
    if (i === 0) crashAt(what, "first-entry");
  });
  crashAt(what, "all-but-marker");
  rmSync(join(dir, BUILD_MARKER), { force: true });
  crashAt(what, "marker");
  rmdirSync(dir);
}

/** True when `dir` is absent, empty, or holds the marker; throws when it is something else. */
function assertReplaceable(dir: string, what: string): void {
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new OutDirRefused(`${dir} existe y no es una carpeta; no se reemplaza.`);
  if (existsSync(join(dir, BUILD_MARKER)) || isEmptyDir(dir)) return;
  throw new OutDirRefused(
    `La carpeta ${dir}${what} no la escribió una compilación de Fiscal MX (no contiene ${BUILD_MARKER}); no se borra ni se reemplaza. ` +
      "Elige otra carpeta con --out o FISCAL_DIST_DIR, o vacíala tú.",
  );
}

/**
 * Takes `${outDir}.lock` (build/pid-lock.ts, holding this process's id). A lock whose process no longer
 * runs (a build that was killed) is taken over, and said so.
 */
function lock(outDir: string, notice: (message: string) => void): () => void {
  const path = lockOf(outDir);
  return takePidLock(path, {
    refused: (holder) =>
      new OutDirRefused(
        holder === null
          ? `No se pudo tomar el candado ${path}.`
          : `Otra compilación (pid ${holder}) está escribiendo en ${outDir} (candado ${path}); espera a que termine.`,
      ),
    takenOver: (holder) => notice(`Se encontró el candado ${path} de una compilación que ya no corre (pid ${holder ?? "?"}); se retira.`),
  });
}

/**
 * Repairs what an interrupted build left. The swap renames the tree to `.old`, then `.staging` to the
 * tree, then deletes `.old`: a tree missing beside an `.old` means a crash between the two renames, and
 * `.old` is the last complete tree. A `.staging` was never published and is dropped.
 */
function recover(outDir: string, notice: (message: string) => void): void {
  const staging = stagingOf(outDir);
  const retired = retiredOf(outDir);
  if (existsSync(retired) && !existsSync(outDir)) {
    renameSync(retired, outDir);
    notice(
      `Una compilación anterior se interrumpió entre los dos renombres: faltaba ${outDir} y quedaba ${retired}, el último árbol completo; se restauró en ${outDir}.`,
    );
  } else if (existsSync(retired)) {
    removeTree(retired, "recovering");
    notice(`Quedaba ${retired} de una compilación interrumpida después de publicar; se borró (${outDir} es el árbol vigente).`);
  }
  if (existsSync(staging)) {
    removeTree(staging, "recovering");
    notice(`Quedaba ${staging} de una compilación interrumpida antes de publicar; se descartó.`);
  }
}

/**
 * Claims the output folder for one build, before any work: refuses a folder (or `.staging`/`.old`
 * beside it) that a build did not write, takes the lock, and repairs an interrupted swap.
 * Returns the function that releases the lock.
 */
export function claimOutDir(outDir: string, notice: (message: string) => void): () => void {
  assertReplaceable(outDir, "");
  mkdirSync(dirname(outDir), { recursive: true });
  const release = lock(outDir, notice);
  try {
    assertReplaceable(stagingOf(outDir), " (de preparación)");
    assertReplaceable(retiredOf(outDir), " (copia anterior)");
    recover(outDir, notice);
  } catch (err) {
    release();
    throw err;
  }
  process.once("exit", release);
  return () => {
    process.removeListener("exit", release);
    release();
  };
}
