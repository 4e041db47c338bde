// How a test starts a command-line entry as a child process: from this run's bundle of it (test/helpers/bundle-entries.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** Folder of this run's bundled entries, made by test/global-setup.ts. */
    entryBundles: string;
  }
}

/** The arguments of `node` that run `entry` (one of ENTRIES, e.g. "build/main.ts") from this run's bundles. */
export function nodeArgs(entry: string): string[] {
  const bundled = join(inject("entryBundles"), entry.replace(/\.ts$/, ".mjs"));
  if (!existsSync(bundled)) throw new Error(`${entry} is not bundled for the tests: add it to ENTRIES in test/helpers/bundle-entries.ts`);
  return [bundled];
}
