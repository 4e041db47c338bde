#!/bin/sh
# `npm test`: the type check, Biome and knip in the background beside Vitest (together about 7 s of CPU with tsc's
# incremental state, 13 s without, as on a fresh clone, each on the core Vitest's waits leave free); the arguments go
# to `vitest run`. Fails when any of the four fails: Vitest's code when the tests fail, else Biome's, then knip's,
# then 1 for the type check. Vitest does not wait for the others, the exit does.
tsc --noEmit --incremental --tsBuildInfoFile node_modules/.cache/tsc/tsbuildinfo &
tsc=$!
biome check . &
biome=$!
knip &
knip=$!
vitest run "$@"
status=$?
wait "$biome"
biome_status=$?
wait "$knip"
knip_status=$?
wait "$tsc"
tsc_status=$?
[ "$status" -ne 0 ] && exit "$status"
[ "$biome_status" -ne 0 ] && exit "$biome_status"
[ "$knip_status" -ne 0 ] && exit "$knip_status"
[ "$tsc_status" -ne 0 ] && exit 1
exit 0
