/** The header row of a metrics CSV: column names, the delimiter, and which column holds the step. */
import { InputError } from '../../model.js';
import { unitSuffix } from '../../naming.js';

/**
 * Names a step column goes by, best first (W&B's `_step` counts log calls, so the trainer's own step wins).
 * Reinforcement-learning loggers count environment steps: Stable-Baselines3's `time/total_timesteps`,
 * OpenAI baselines' `total_timesteps`, Spinning Up's `TotalEnvInteracts`, and others' `total/steps`,
 * `steps_done`, `timesteps`.
 */
const STEP_NAMES = [
  'trainer/global_step',
  'train/global_step',
  'global_step',
  'globalstep',
  'global step',
  'step',
  'train/step',
  'iteration',
  'iter',
  'it',
  'steps',
  'iterations',
  'time/total_timesteps',
  'total_timesteps',
  'total/steps',
  'totalenvinteracts',
  'steps_done',
  'timesteps',
  'env_steps',
  '_step',
];
/** Counts of samples seen (Megatron, MLPerf): a step axis only when no step column exists. */
const SAMPLE_COUNT_NAMES = ['consumed_samples', 'consumed-samples', 'samples_count', 'samples_seen', 'num_samples'];
/** Per-epoch logs (Keras' CSVLogger) have no step at all: the epoch is the only axis they have. */
const EPOCH_NAMES = ['epoch', 'epochs'];

/** The column rows are stepped by: a step proper, or a fallback that the table's warnings must mention. */
export interface StepColumn {
  /** Index among the names, or -1 when rows are numbered by position. */
  index: number;
  /** `samples` and `epoch` are fallbacks, used only when no step column is found. */
  kind: 'step' | 'samples' | 'epoch';
}

/** The delimiter a header line uses: `,` unless the line has none and has tabs or semicolons. */
export function detectDelimiter(headerLine: string): string {
  if (headerLine.includes(',')) return ',';
  if (headerLine.includes('\t')) return '\t';
  if (headerLine.includes(';')) return ';';
  return ',';
}

/** A column name is a metric name on every sink: far beyond any real one, it is not a header. */
const MAX_HEADER_CELL = 1000;

/**
 * Column names from the header line, trimmed; an empty name becomes `column<N>`. Duplicates are an error.
 * A line without quotes is split as it is; csv-parse (loaded only then) reads a quoted one.
 */
export async function parseHeader(
  source: string,
  line: number,
  headerLine: string,
  delimiter: string,
): Promise<string[]> {
  let fields: string[];
  if (!headerLine.includes('"')) fields = headerLine.split(delimiter);
  else {
    const { parse } = await import('csv-parse/sync');
    try {
      const rows = parse(headerLine, {
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        trim: true,
      }) as string[][];
      fields = rows[0] ?? [];
    } catch (e) {
      throw new InputError(source, line, `cannot read the header row: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  const names = fields.map((f, i) => f.trim() || `column${i + 1}`);
  const long = names.findIndex((n) => n.length > MAX_HEADER_CELL);
  if (long >= 0)
    throw new InputError(
      source,
      line,
      `column ${long + 1}'s name is ${names[long]!.length} characters long (at most ${MAX_HEADER_CELL}): "${names[long]!.slice(0, 40)}…"`,
    );
  const seen = new Map<string, number>();
  names.forEach((name, i) => {
    const first = seen.get(name);
    if (first !== undefined) {
      throw new InputError(source, line, `duplicate column name "${name}" (columns ${first + 1} and ${i + 1})`);
    }
    seen.set(name, i);
  });
  return names;
}

/**
 * A name without a trailing unit in brackets or parentheses (`iteration [#]` → `iteration`), trimmed and
 * lower-cased: the unit found as every metric name's is (naming.ts's unitSuffix, linear in the name).
 */
export function bareName(name: string): string {
  return name
    .slice(0, unitSuffix(name)?.start ?? name.length)
    .trim()
    .toLowerCase();
}

/** The step column among `names`: a step by name, else a count of samples, else an epoch; -1 for none. */
export function findStepColumn(names: string[]): StepColumn {
  const bare = names.map(bareName);
  const groups: [string[], StepColumn['kind']][] = [
    [STEP_NAMES, 'step'],
    [SAMPLE_COUNT_NAMES, 'samples'],
    [EPOCH_NAMES, 'epoch'],
  ];
  for (const [candidates, kind] of groups) {
    for (const candidate of candidates) {
      const index = bare.indexOf(candidate);
      if (index >= 0) return { index, kind };
    }
  }
  return { index: -1, kind: 'step' };
}

/**
 * Whether a data record repeats the header: a log reopened in append mode after a restart writes its
 * header again mid-file. Fields are compared trimmed; an empty field matches the `column<N>` it was named.
 */
export function isHeaderRecord(record: string[], names: string[]): boolean {
  if (record.length !== names.length) return false;
  for (let i = 0; i < names.length; i++) {
    const field = record[i]!.trim();
    if (field !== names[i] && !(field === '' && names[i] === `column${i + 1}`)) return false;
  }
  return true;
}
