// One fetch at a time per raw directory: the pid lock (build/pid-lock.ts) at rawDir/.fetch.lock.
import { join } from "node:path";
import { takePidLock } from "../build/pid-lock.ts";

export const LOCK_FILE = ".fetch.lock";

/** Another live process holds the lock; the message (Spanish) names it. */
export class LockBusyError extends Error {
  override readonly name = "LockBusyError";
}

export interface RawLock {
  release(): Promise<void>;
}

/** Takes rawDir/.fetch.lock, which must not exist or be left by a dead process (then it is taken over). */
export async function lockRawDir(rawDir: string, log: (line: string) => void): Promise<RawLock> {
  const path = join(rawDir, LOCK_FILE);
  const release = takePidLock(path, {
    refused: (holder) =>
      new LockBusyError(
        holder === null
          ? `no se pudo tomar el candado ${path}: otras descargas lo toman y lo sueltan a la vez`
          : `otra descarga (pid ${holder}) está usando ${rawDir}; espera a que termine. ` +
              `Si ese proceso ya no es una descarga, borra ${path} y repite.`,
      ),
    takenOver: (holder) =>
      log(`candado abandonado ${path} (${holder === null ? "sin pid legible" : `pid ${holder}, que ya no existe`}); se retoma`),
  });
  return { release: async () => release() };
}
