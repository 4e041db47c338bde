// How long a test may take, scaled by how busy the machine was when the run started (vitest.config.ts sets the factor).

/** The run's factor: the load average per core at its start, at least 1 (FISCAL_TEST_PATIENCE, set by vitest.config.ts). */
const factor = Math.max(1, Number(process.env["FISCAL_TEST_PATIENCE"] ?? "1") || 1);

/** A timeout of `ms` on a quiet machine, longer on a loaded one: a busy machine slows a test, it does not break it. */
export const patient = (ms: number): number => Math.round(ms * factor);
