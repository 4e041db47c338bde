// Reusable named sanity checks shared by the publisher modules.
import type { CheckFailure, NamedCheck } from "./types.ts";

/** A record that remembers its 1-based row in the publisher's file, for messages. */
export interface Located {
  row: number;
}

/** Each key is strictly greater than the previous one (dates, periods, codes in publisher order). */
export function strictlyIncreasing<R extends Located>(name: string, key: (r: R) => string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      for (let i = 1; i < rows.length; i++) {
        const prev = key(rows[i - 1]!);
        const cur = key(rows[i]!);
        if (!(cur > prev)) {
          failures.push({ check: name, file, row: rows[i]!.row, message: `${cur} no es posterior a ${prev}` });
        }
      }
      return failures;
    },
  };
}

/** Every value lies within a plausible range (and is a finite positive number). */
export function valuesWithin<R extends Located>(name: string, value: (r: R) => number, min: number, max: number): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      rows.forEach((r) => {
        const v = value(r);
        if (!Number.isFinite(v) || v < min || v > max) {
          failures.push({ check: name, file, row: r.row, message: `valor ${v} fuera del intervalo plausible [${min}, ${max}]` });
        }
      });
      return failures;
    },
  };
}

/** No key appears twice. */
export function noDuplicates<R extends Located>(name: string, key: (r: R) => string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const seen = new Map<string, number>();
      const failures: CheckFailure[] = [];
      rows.forEach((r) => {
        const k = key(r);
        const first = seen.get(k);
        if (first === undefined) seen.set(k, r.row);
        else failures.push({ check: name, file, row: r.row, message: `clave duplicada ${k} (ya en la fila ${first})` });
      });
      return failures;
    },
  };
}

/** A text field is never empty or blank. */
export function noBlankText<R extends Located>(name: string, text: (r: R) => string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      const failures: CheckFailure[] = [];
      rows.forEach((r) => {
        if (text(r).trim() === "") failures.push({ check: name, file, row: r.row, message: "descripción vacía" });
      });
      return failures;
    },
  };
}

/** The dataset is not empty. */
export function hasRecords<R>(name: string): NamedCheck<R[]> {
  return {
    name,
    run(rows, file) {
      return rows.length === 0 ? [{ check: name, file, message: "no contiene registros" }] : [];
    },
  };
}
