// `tsx tools/test-tally.ts REPORT`: one closing line for CI, "vitest: N passed, N failed, N skipped", from vitest's JSON report.
import { readFileSync } from "node:fs";

/** The counts of vitest's JSON reporter (the Jest-compatible format) that the line needs. */
interface Counts {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const COUNT_FIELDS = ["numPassedTests", "numFailedTests", "numPendingTests", "numTodoTests"] as const;

function countsOf(text: string): Counts {
  const report = JSON.parse(text) as Record<string, unknown>;
  for (const field of COUNT_FIELDS) {
    const n = report[field];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0) throw new Error(`${field} no es un conteo: ${JSON.stringify(n)}`);
  }
  return report as unknown as Counts;
}

const file = process.argv[2];
try {
  if (file === undefined) throw new Error("falta la ruta del informe JSON de vitest");
  const c = countsOf(readFileSync(file, "utf8"));
  console.log(`vitest: ${c.numPassedTests} passed, ${c.numFailedTests} failed, ${c.numPendingTests + c.numTodoTests} skipped`);
} catch (err) {
  // No report means the run stopped before the tests (type check, lint); its own output says why.
  console.error(`test-tally: ${file ?? "(sin ruta)"}: ${(err as Error).message}`);
  process.exit(1);
}
