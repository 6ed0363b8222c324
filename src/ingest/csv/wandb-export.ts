/**
 * A chart exported from Weights & Biases ("Download CSV") holds several runs side by side: a step column,
 * then `<run> - <metric>` for each run with `<run> - <metric>__MIN` and `__MAX` beside it (the range the
 * chart shaded). Read as one run it would be a run of many losses, each run's curve a column; so it is
 * refused, naming its runs, with how to give one run.
 */
import { InputError } from '../../model.js';

/** `<run> - <metric>`, with the chart's `__MIN` / `__MAX` companions told apart. */
const RUN_COLUMN = /^(.+?) - (.+?)(__MIN|__MAX)?$/;

/** The runs a header's columns name, when it is such an export; null otherwise. */
export function wandbExportRuns(names: readonly string[]): string[] | null {
  const parsed = names.map((n) => RUN_COLUMN.exec(n));
  const paired = parsed.filter((m) => m?.[3]).length;
  const named = parsed.filter((m) => m !== null).length;
  // Most columns name a run, and the chart's range companions are there.
  if (paired === 0 || named < (names.length - 1) / 2) return null;
  return [...new Set(parsed.flatMap((m) => (m ? [m[1]!] : [])))];
}

export function refuseWandbExport(source: string, headerLine: number, names: readonly string[]): void {
  const runs = wandbExportRuns(names);
  if (!runs) return;
  const shown = runs
    .slice(0, 3)
    .map((r) => JSON.stringify(r.length > 80 ? `${r.slice(0, 80)}…` : r))
    .join(', ');
  throw new InputError(
    source,
    headerLine,
    `a Weights & Biases chart export of ${runs.length} run${runs.length === 1 ? '' : 's'} (${shown}${runs.length > 3 ? ', …' : ''}; columns "<run> - <metric>" with __MIN/__MAX), not one run's per-step log: give each run's own log (its wandb-history.jsonl, or the run's CSV export from its Files tab), one file a run`,
  );
}
