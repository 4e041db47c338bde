// The real snapshot's datasets, loaded once per test worker: the suites that read them share one load (~1.5 s of CPU each).
import { loadDatasets } from "../../build/datasets.ts";
import type { Datasets } from "../../lib/datasets/records.ts";
import { RAW_DIR } from "./tree.ts";

let loaded: Promise<Datasets> | undefined;

/** The datasets of `raw/`, as the build loads them. Shared: a suite must not change them. */
export const snapshotDatasets = (): Promise<Datasets> => (loaded ??= loadDatasets(RAW_DIR));
