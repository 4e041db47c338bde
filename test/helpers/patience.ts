// How long a test may wait: no speed bar (a busy machine slows a test, it does not fail it), only a deadline that catches a hang; and the product's own short timeouts under test, scaled by the load.
import { availableParallelism, loadavg } from "node:os";

/**
 * How long a test, a hook, a poll or a browser action may take before it counts as hung: 20 minutes, about
 * 50 times the longest test on a quiet machine, so that load never reaches it and a hang still ends the run.
 */
export const HANG_MS = 20 * 60_000;

/** The run's factor: the load average per core at its start, at least 1 (FISCAL_TEST_PATIENCE, set by vitest.config.ts). */
const atStart = Math.max(1, Number(process.env["FISCAL_TEST_PATIENCE"] ?? "1") || 1);

/**
 * The factor now: the run's, or the load average per core at this moment when the machine has become busier since
 * (others started runs of their own).
 */
const patience = (): number => Math.max(atStart, Math.ceil((loadavg()[0] ?? 0) / availableParallelism()));

/**
 * A timeout of the product under test (an HTTP timeout a fetch test sets, so that it retries) of `ms` on a quiet
 * machine, longer on a loaded one, so that load does not make a slow answer look like a hung one.
 */
export const patient = (ms: number): number => Math.round(ms * patience());
