/**
 * The baseline history's level of each column, for the collapse rule: the median of the steady-state
 * centres of the comparable runs since the last run marked as a new baseline. Read once, before the
 * command starts; a history that cannot be read leaves the rule on the run's own level.
 */
import { median } from 'simple-statistics';
import { metricKey } from '../naming.js';
import { comparableRuns, openHistory } from '../store/index.js';

/** Runs the level is taken over: the latest ones. */
const LEVEL_RUNS = 10;

export async function baselineLevels(
  spec: string,
  experiment: string,
  warn: (message: string) => void,
): Promise<(column: string) => number | null> {
  try {
    const history = await openHistory(spec).readIfExists();
    if (!history) return () => null;
    let runs = comparableRuns(history, experiment, '');
    let marked = runs.length - 1;
    while (marked > 0 && !runs[marked]!.baseline) marked--;
    runs = runs.slice(Math.max(0, marked));
    runs = runs.slice(-LEVEL_RUNS);
    return (column) => {
      const key = metricKey(column);
      const centres = runs.map((r) => r.metrics[key]?.centre).filter((c): c is number => Number.isFinite(c));
      return centres.length ? median(centres) : null;
    };
  } catch (e) {
    warn(`collapse rule: the history could not be read (${(e as Error).message}); the run's own level is used`);
    return () => null;
  }
}
