#!/bin/sh
# `npm test`: the type check beside Biome, knip and Vitest (it uses one core for about 4 s with its incremental
# state and 10 s without, as on a fresh clone, while Vitest's global setup uses one); the arguments go to `vitest run`.
# Fails when any of the four fails; Vitest does not wait for the type check, the exit does.
tsc --noEmit --incremental --tsBuildInfoFile node_modules/.cache/tsc/tsbuildinfo &
tsc=$!
biome check . && knip && vitest run "$@"
status=$?
wait "$tsc" || exit 1
exit "$status"
