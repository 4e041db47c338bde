// The key of the test tree cache: everything the built tree depends on, hashed.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fg from "fast-glob";

/** The build's code and content, and the installed dependencies' lock. */
const CODE = ["core/**", "build/**", "sources/**", "lib/**", "content/**", "site/**", "package-lock.json"];

/** Hash of the as-of date, the build's sources under `root`, every file of `rawDir` and package-lock.json. */
export function inputsHash(root: string, rawDir: string, asOf: string): string {
  const hash = createHash("sha256").update(asOf);
  for (const f of fg.sync(CODE, { cwd: root }).sort()) hash.update(f).update(readFileSync(join(root, f)));
  for (const f of fg.sync("**", { cwd: rawDir, dot: true }).sort()) hash.update(`raw/${f}`).update(readFileSync(join(rawDir, f)));
  return hash.digest("hex").slice(0, 16);
}
