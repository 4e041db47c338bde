// Bisection over anything sorted: the one binary search of the series, the catalogs' codes and the search's words.

/** The first index in [0, length) at which `test` holds, for a test that holds from some index to the end (length when none). */
export function firstIndexWhere(length: number, test: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
