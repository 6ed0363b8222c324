/**
 * Sample rates that make a server's count exact. A line `v|h|@r` stands for 1/r values, but servers read
 * 1/r differently: statsd_exporter adds `int(1/r)` observations (so `@0.0555556`, 5/90, counts 17, not
 * 18), the Datadog Agent adds the float 1/r. A window of N values sent as Q quantile lines therefore gives
 * each line an integer share k (⌊N/Q⌋ or ⌈N/Q⌉, the shares summing to N) and the rate printed for k is
 * 1/k rounded DOWN at RATE_DIGITS significant digits: its inverse is k or a hair above, so `int(1/r)` is k
 * exactly and the float 1/r is k within 1e-7 of it.
 */

/** Significant digits of a printed rate: the float 1/rate is within 1e-7 (relative) of the share. */
export const RATE_DIGITS = 8;

/**
 * `count` split into `parts` integer shares that sum to `count`, the larger shares (⌈count/parts⌉) given
 * to the middle lines first (median, then outwards), so the extra weight sits where the values are densest.
 */
export function shareCounts(count: number, parts: number): number[] {
  const base = Math.floor(count / parts);
  const shares = Array.from({ length: parts }, () => base);
  let extra = count - base * parts;
  for (const i of middleOut(parts)) {
    if (extra-- <= 0) break;
    shares[i]! += 1;
  }
  return shares;
}

/** Indices 0..n-1 from the middle outwards: 5 → 2, 1, 3, 0, 4. */
function middleOut(n: number): number[] {
  const mid = Math.floor((n - 1) / 2);
  const out = [mid];
  for (let d = 1; out.length < n; d++) {
    if (mid - d >= 0) out.push(mid - d);
    if (mid + d < n) out.push(mid + d);
  }
  return out;
}

/** The rate a line standing for `k` values carries: 1 for one value, else 1/k rounded down (see above). */
export function rateFor(k: number): number {
  if (k <= 1) return 1;
  const nearest = Number((1 / k).toPrecision(RATE_DIGITS));
  if (Math.trunc(1 / nearest) === k) return nearest;
  // Rounded up past 1/k: one unit of the last digit lower is below 1/k and still within 1e-7 of it.
  const unit = 10 ** (Math.floor(Math.log10(nearest)) - RATE_DIGITS + 1);
  return Number((nearest - unit).toPrecision(RATE_DIGITS));
}
