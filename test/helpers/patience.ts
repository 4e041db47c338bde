// How long a test may take, scaled by how busy the machine is: at the run's start (vitest.config.ts sets that factor) or now, whichever is busier.
import { availableParallelism, loadavg } from "node:os";

/** The run's factor: the load average per core at its start, at least 1 (FISCAL_TEST_PATIENCE, set by vitest.config.ts). */
const atStart = Math.max(1, Number(process.env["FISCAL_TEST_PATIENCE"] ?? "1") || 1);

/**
 * The factor now: the run's, or the load average per core at this moment when the machine has become busier since
 * (others started runs of their own), so that a file collected later gets the longer timeouts the load asks for.
 */
const patience = (): number => Math.max(atStart, Math.ceil((loadavg()[0] ?? 0) / availableParallelism()));

/** A timeout of `ms` on a quiet machine, longer on a loaded one: a busy machine slows a test, it does not break it. */
export const patient = (ms: number): number => Math.round(ms * patience());
