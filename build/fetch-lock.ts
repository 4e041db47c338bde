// One fetch at a time per raw directory: a lock file holding the pid of the fetch that owns the directory.
import { randomBytes } from "node:crypto";
import { link, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const LOCK_FILE = ".fetch.lock";

/** Another live process holds the lock; the message (Spanish) names it. */
export class LockBusyError extends Error {
  override readonly name = "LockBusyError";
}

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function holderOf(path: string): Promise<number | null> {
  const text = await readFile(path, "utf8").catch(() => null);
  const pid = text === null ? Number.NaN : Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export interface RawLock {
  release(): Promise<void>;
}

/**
 * Takes rawDir/.fetch.lock, which must not exist or be left by a dead process (then it is taken over).
 * The lock appears whole or not at all: it is written aside and hard-linked into place, which fails if it exists.
 */
export async function lockRawDir(rawDir: string, log: (line: string) => void): Promise<RawLock> {
  const path = join(rawDir, LOCK_FILE);
  const mine = join(rawDir, `${LOCK_FILE}.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(mine, `${process.pid}\n`, { flag: "wx" });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await link(mine, path);
        return { release: () => rm(path, { force: true }) };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = await holderOf(path);
      if (holder !== null && pidAlive(holder)) {
        throw new LockBusyError(
          `otra descarga (pid ${holder}) está usando ${rawDir}; espera a que termine. ` +
            `Si ese proceso ya no es una descarga, borra ${path} y repite.`,
        );
      }
      // Stale: move it aside atomically, so that of two fetches taking it over only one removes it.
      const aside = `${mine}.stale`;
      try {
        await rename(path, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw err;
      }
      const moved = await holderOf(aside);
      if (moved !== null && moved !== holder && pidAlive(moved)) {
        // Between reading and moving, another fetch took the stale lock over: give its lock back.
        await link(aside, path).catch(() => undefined);
        await rm(aside, { force: true });
        continue;
      }
      await rm(aside, { force: true });
      log(`candado abandonado ${path} (${holder === null ? "sin pid legible" : `pid ${holder}, que ya no existe`}); se retoma`);
    }
    throw new LockBusyError(`no se pudo tomar el candado ${path}: otras descargas lo toman y lo sueltan a la vez`);
  } finally {
    await rm(mine, { force: true });
  }
}
