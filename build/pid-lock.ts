// One process at a time over a folder: a lock file holding the owner's pid (the build's output, a fetch's raw folder).
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/** True when a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(path: string): number | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

export interface PidLockCallbacks {
  /** The error to throw: `holder` runs and holds the lock, or (null) others kept taking and dropping it. */
  refused(holder: number | null): Error;
  /** Said when the lock of a process that no longer runs (null: no readable pid) is taken over. */
  takenOver(holder: number | null): void;
}

/**
 * Takes the lock file at `path`, which must not exist or be left by a dead process (then it is taken over);
 * returns the function that releases it. The lock appears whole or not at all: it is written aside and
 * hard-linked into place, which fails if it exists, so no reader ever sees it without its pid.
 */
export function takePidLock(path: string, on: PidLockCallbacks): () => void {
  const mine = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(mine, `${process.pid}\n`, { flag: "wx" });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, path);
        return () => rmSync(path, { force: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      const holder = holderOf(path);
      if (holder !== null && pidAlive(holder)) throw on.refused(holder);
      // Stale: move it aside atomically, so that of two processes taking it over only one removes it.
      const aside = `${mine}.stale`;
      try {
        renameSync(path, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw err;
      }
      const moved = holderOf(aside);
      if (moved !== null && moved !== holder && pidAlive(moved)) {
        // Between reading and moving, another process took the stale lock over: give its lock back.
        try {
          linkSync(aside, path);
        } catch {
          // It has been taken again meanwhile; the next attempt reads the new holder.
        }
        rmSync(aside, { force: true });
        continue;
      }
      rmSync(aside, { force: true });
      on.takenOver(holder);
    }
    throw on.refused(null);
  } finally {
    rmSync(mine, { force: true });
  }
}
