// Setup file of every test file: the default timeouts scaled by the load when the file starts (test/helpers/patience.ts), not only at the run's start.
import { vi } from "vitest";
import { patient } from "./helpers/patience.ts";

vi.setConfig({ testTimeout: patient(60_000), hookTimeout: patient(600_000) });
