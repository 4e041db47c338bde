// The calculators' arithmetic for the browser: core/money.ts and core/calculations.ts bundled into one ES module at /assets/calc/core.js.
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { SiteFile } from "./context.ts";

/** Where the calculator scripts (site/assets/calc/*.js) import the bundle from: `import { … } from "./core.js"`. */
export const CALC_BUNDLE = "/assets/calc/core.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * The same modules the API computes with, so a page and /calculos cannot disagree. Types and comments stripped,
 * names kept (the pages' other scripts are not minified either); the output depends only on the two files.
 */
export function calcBundle(): SiteFile {
  const result = buildSync({
    stdin: {
      contents: 'export * from "./core/money.ts";\nexport * from "./core/calculations.ts";\n',
      resolveDir: ROOT,
      loader: "ts",
      sourcefile: "calc-bundle",
    },
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    target: "es2022",
    platform: "browser",
    charset: "utf8",
    legalComments: "none",
    write: false,
  });
  return { path: CALC_BUNDLE, data: Buffer.from(result.outputFiles[0]!.contents) };
}
