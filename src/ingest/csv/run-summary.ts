/**
 * A per-run summary table (one row per run: a results table, a leaderboard, a sweep) is not a per-step
 * metrics table, and reading its rows as the steps of one run gives a gate nonsense. It is told by its
 * shape, with no step column:
 *  - a text column that names the runs, and column names that only a per-run table uses, in a sixth or
 *    more of its columns; or
 *  - a hyper-parameter column (batch size, model width or depth, seed, …) whose value changes from row
 *    to row in the sample: within one run these are fixed. (The learning rate is not one of them: a
 *    per-step log has its schedule.)
 *  - a text column that names every row differently (a pandas index of model, dataset or configuration
 *    names, as `DataFrame.to_csv` writes it first): one row per thing evaluated, not per step. A time of
 *    day or a date is no such name.
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

/** Words of a column name that make it a hyper-parameter fixed for a run. */
const HYPER_PARAMETER = [
  /^(batch|micro_batch|global_batch|train_batch)(_?size)?$/,
  /^(hidden|embed|embedding|model|ffn|intermediate)_?(size|dim)$/,
  /^(d_model|n_embd|n_layers?|n_heads?|num_(layers|heads|attention_heads|hidden_layers)|layers|heads)$/,
  /^(seed|random_seed|run_seed)$/,
  /^(dropout|weight_decay|warmup_steps|window_size)$/,
];

function isHyperParameter(name: string): boolean {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return HYPER_PARAMETER.some((re) => re.test(key));
}

/** A time or date in a text column (a per-step log's wall clock), which names no row. */
const TIME_LIKE = /^\d{4}-\d\d-\d\d|^\d{1,2}:\d\d|^\d+(\.\d+)?\s*[a-z]{0,3}$/i;

/** The text column whose sampled values name each row differently, and a few of them; null when none does. */
function rowLabels(
  names: string[],
  layout: ColumnLayout,
  sample: readonly string[][],
): { name: string; labels: string[] } | null {
  if (sample.length < 3) return null;
  for (const [i, name] of names.entries()) {
    if (layout.columns.includes(name)) continue;
    const values = sample.map((r) => r[i]?.trim() ?? '');
    if (values.some((v) => v === '' || TIME_LIKE.test(v) || !/[a-z]/i.test(v))) continue;
    if (new Set(values).size === values.length) return { name, labels: values.slice(0, 3) };
  }
  return null;
}

/** Refuse a per-run summary table, once the columns have been typed (`sample`: the sampled records). */
export function refuseRunSummary(
  source: string,
  headerLine: number,
  names: string[],
  layout: ColumnLayout,
  sample: readonly string[][] = [],
): void {
  if (layout.stepColumn !== null) return;
  const varying = names.filter(
    (name, i) => isHyperParameter(name) && new Set(sample.map((r) => r[i]?.trim() ?? '')).size > 1,
  );
  if (varying.length)
    throw new InputError(
      source,
      headerLine,
      `a table of runs (a sweep: no step column, and hyper-parameter column${varying.length === 1 ? '' : 's'} ${varying
        .slice(0, 3)
        .map((n) => `"${n}"`)
        .join(
          ', ',
        )} change${varying.length === 1 ? 's' : ''} from row to row, as they never do within one run), not a per-step metrics table; give each run's per-step metrics file`,
    );
  const textColumns = names.filter((n) => n !== layout.stepColumn && !layout.columns.includes(n));
  // A wide per-step capture (every nvidia-smi field) can hold a few such words; a summary is made of them.
  const { words, columns } = perRunWords(names);
  if (!textColumns.length || words.length < 2 || columns * 6 < names.length) {
    const labels = rowLabels(names, layout, sample);
    if (labels)
      throw new InputError(
        source,
        headerLine,
        `a table of results, one row per name in ${/^column\d+$/.test(labels.name) ? 'its unnamed column (a pandas index)' : `column "${labels.name}"`} (${labels.labels
          .map((l) => JSON.stringify(l.length > 40 ? `${l.slice(0, 40)}…` : l))
          .join(', ')}, …) and no step column, not a per-step training log: give the metrics file the training wrote`,
      );
    return;
  }
  throw new InputError(
    source,
    headerLine,
    `a per-run summary table (one row per run: no step column, columns such as ${words
      .slice(0, 4)
      .map((w) => `"${w}"`)
      .join(', ')}), not a per-step metrics table; give each run's per-step metrics file`,
  );
}
