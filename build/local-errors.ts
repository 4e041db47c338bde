// Operator errors of the build and the fetch (disk full, read-only folder, permission denied): one message and exit code each.
import { relative } from "node:path";

interface Kind {
  exitCode: number;
  what: string;
  todo: string;
}

/**
 * The exit codes the README lists. 1 (a failed check or publisher), 2 (usage, settings) and 3 (the raw folder
 * is locked by another fetch) are the commands' own; these three are the machine's.
 */
const KINDS: Record<string, Kind> = {
  ENOSPC: { exitCode: 4, what: "no queda espacio en el disco", todo: "libere espacio en ese disco" },
  EDQUOT: { exitCode: 4, what: "se agotó la cuota de disco del usuario", todo: "libere espacio o pida más cuota" },
  EROFS: { exitCode: 5, what: "la carpeta está en un sistema de archivos de solo lectura", todo: "use una carpeta escribible" },
  EACCES: { exitCode: 6, what: "permiso denegado", todo: "dé permiso de escritura a este usuario sobre esa carpeta, o use otra" },
  EPERM: { exitCode: 6, what: "operación no permitida", todo: "dé permiso de escritura a este usuario sobre esa carpeta, o use otra" },
};

/** The error of a file-system call that failed for one of those reasons, looking through `cause` chains. */
type FsError = NodeJS.ErrnoException & { dest?: string };

export function localFsError(err: unknown): FsError | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const errno = e as FsError;
    if (typeof errno.syscall === "string" && errno.code !== undefined && errno.code in KINDS) return errno;
  }
  return null;
}

/** A path as the operator knows it: relative to the project when inside it, else as it is. */
function shown(path: string | undefined): string {
  if (path === undefined) return "(ruta desconocida)";
  const rel = relative(process.cwd(), path);
  return rel === "" ? "." : rel.startsWith("..") ? path : rel;
}

/**
 * The operator's message (Spanish, no stack) and exit code of such an error; `command` is what to run again.
 * Null for any other error, which stays a bug to report with its stack.
 */
export function localFsProblem(err: unknown, command: string): { message: string; exitCode: number } | null {
  const e = localFsError(err);
  if (e === null) return null;
  const kind = KINDS[e.code as string] as Kind;
  const target = e.dest !== undefined && e.syscall === "rename" ? e.dest : e.path;
  return {
    message: `No se pudo escribir ${shown(target)}: ${kind.what} (${e.code}). Qué hacer: ${kind.todo} y vuelva a ejecutar ${command}.`,
    exitCode: kind.exitCode,
  };
}
