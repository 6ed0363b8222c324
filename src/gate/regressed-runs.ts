/**
 * Runs the gate itself called a regression when they were recorded (`MetricRecord.regressed`), and that
 * nobody accepted as a new baseline. On the default branch such runs are recorded, as they should be (the
 * history is the truth of what ran), but they are not evidence of the level they were judged against:
 *  - they never set the level nor its noise (one or two of them would otherwise widen the band until
 *    the regression passes, before the level-shift detector has the three runs it needs to see them);
 *  - the latest run of such runs that ends the history is a change of its own, starting at its first
 *    run: the culprit range and `check --bisect` name that run on every later day, however few or many
 *    were recorded after it.
 * Records written before the flag existed, and runs recorded by `record` (which judges nothing), carry
 * no flag: for them the level-shift detector alone finds the change.
 */

/** A history value with its baseline mark and whether the gate called it a regression. */
export interface FlaggedPoint {
  marked: boolean;
  regressed?: boolean;
}

/**
 * The points the gate did not flag, each mark carried to the next point kept (a flagged run that starts
 * a new baseline still starts it), and how many were left out.
 */
export function withoutRegressed<P extends FlaggedPoint>(points: readonly P[]): { kept: P[]; left: number } {
  const kept: P[] = [];
  let mark = false;
  for (const p of points) {
    mark ||= p.marked;
    if (p.regressed) continue;
    kept.push(mark && !p.marked ? { ...p, marked: true } : p);
    mark = false;
  }
  return { kept, left: points.length - kept.length };
}

/**
 * Where the flagged runs that end the history start (an index into `points`), or null when the latest
 * point was not flagged. A marked run ends the search: the streak is a change from the level it was
 * judged against, which the mark started.
 */
export function trailingRegressed(points: readonly FlaggedPoint[]): number | null {
  let start = points.length;
  while (start > 0 && points[start - 1]!.regressed && !points[start - 1]!.marked) start--;
  return start < points.length ? start : null;
}
