/**
 * A per-run summary table (one row per run: a results table, a leaderboard) is not a per-step metrics
 * table, and reading its rows as the steps of one run gives a gate nonsense. It is told by its shape: no
 * step column, a text column that names the runs, and column names that only a per-run table uses, in
 * a sixth or more of its columns.
 */
import { InputError } from '../../model.js';
import type { ColumnLayout } from './column-types.js';

/** Words of column names that describe a whole run (split on anything that is not a letter or digit). */
const PER_RUN_WORDS = new Set([
  'status',
  'config',
  'configuration',
  'wall',
  'final',
  'best',
  'trial',
  'workload',
  'target',
  'reached',
  'hparams',
  'hyperparameters',
  'outcome',
  'converged',
  'submission',
  'summary',
]);

/** The per-run words among the column names (each once, in header order), and how many columns use one. */
function perRunWords(names: string[]): { words: string[]; columns: number } {
  const found = new Set<string>();
  let columns = 0;
  for (const name of names) {
    const words = name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => PER_RUN_WORDS.has(word));
    for (const word of words) found.add(word);
    if (words.length) columns++;
  }
  return { words: [...found], columns };
}

/** Refuse a per-run summary table, once the columns have been typed. */
export function refuseRunSummary(source: string, headerLine: number, names: string[], layout: ColumnLayout): void {
  if (layout.stepColumn !== null) return;
  const textColumns = names.filter((n) => n !== layout.stepColumn && !layout.columns.includes(n));
  // A wide per-step capture (every nvidia-smi field) can hold a few such words; a summary is made of them.
  const { words, columns } = perRunWords(names);
  if (!textColumns.length || words.length < 2 || columns * 6 < names.length) return;
  throw new InputError(
    source,
    headerLine,
    `a per-run summary table (one row per run: no step column, columns such as ${words
      .slice(0, 4)
      .map((w) => `"${w}"`)
      .join(', ')}), not a per-step metrics table; give each run's per-step metrics file`,
  );
}
