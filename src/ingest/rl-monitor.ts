/**
 * The `monitor.csv` that OpenAI baselines' and Stable-Baselines3's `Monitor` wrapper writes: a first line
 * `#{"t_start": …, "env_id": …}` (the run's metadata, JSON after a `#`), a header, then one row per
 * episode: `r` its reward, `l` its length in environment steps, `t` the seconds since `t_start`, and any
 * info keywords the run asked for (`is_success`).
 *
 * Read as `stable_baselines3.common.monitor.load_results` reads it, with names that say what they are:
 * the step is the environment steps done when the episode ended (the running sum of `l`), `r` is
 * `episode_reward` (higher is better), `l` is `episode_length` and `t` is `time_elapsed` (seconds, a
 * gauge). The metadata's `env_id` becomes the run's tag. A row whose `l` is not a positive whole number
 * has no place on the step axis: it is left out and counted.
 */
import { InputError, type Table } from '../model.js';
import { readTextFile } from './file.js';
import { tableFromColumns } from './table-from-columns.js';

/** The first line of a monitor file: `#` and a JSON object with the wrapper's `t_start`. */
const HEADER = /^#\s*\{.*"t_start"\s*:/;

/** Monitor files are one short line an episode; a file past this is no monitor file a run writes. */
const MAX_BYTES = 256 << 20;

/** What each column is called once read. */
const NAMES: Record<string, string> = { r: 'episode_reward', l: 'episode_length', t: 'time_elapsed' };

export function isMonitorStart(firstLine: string): boolean {
  return HEADER.test(firstLine);
}

export async function monitorTable(source: string, batchSize: number): Promise<Table> {
  const text = (await readTextFile(source, MAX_BYTES)).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(lines[0]!.replace(/^#\s*/, '')) as Record<string, unknown>;
  } catch (e) {
    throw new InputError(source, 1, `a monitor file's first line is not JSON after '#': ${(e as Error).message}`);
  }
  const header = (lines[1] ?? '').split(',').map((h) => h.trim());
  const at = (name: string) => header.indexOf(name);
  if (at('r') < 0 || at('l') < 0)
    throw new InputError(
      source,
      2,
      `a monitor file's header names no "r" and "l" columns (it has ${header.join(', ')})`,
    );
  const names = header.map((h) => NAMES[h] ?? h);
  const values: number[][] = names.map(() => []);
  const steps: number[] = [];
  let done = 0;
  let skipped = 0;
  let firstSkipped = 0;
  for (let i = 2; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const fields = line.split(',');
    const length = Number(fields[at('l')]);
    if (!Number.isSafeInteger(length) || length <= 0 || !Number.isSafeInteger(done + length)) {
      if (skipped++ === 0) firstSkipped = i + 1;
      continue;
    }
    done += length;
    steps.push(done);
    names.forEach((_, c) => {
      const cell = fields[c]?.trim() ?? '';
      values[c]!.push(cell === 'True' ? 1 : cell === 'False' ? 0 : cell === '' ? Number.NaN : Number(cell));
    });
  }
  const warnings = skipped
    ? [
        `${skipped} episode row${skipped === 1 ? '' : 's'} without a positive whole length "l" left out (first at line ${firstSkipped})`,
      ]
    : [];
  const env = typeof meta.env_id === 'string' ? meta.env_id : null;
  const table = tableFromColumns(source, steps, Object.fromEntries(names.map((n, c) => [n, values[c]!])), {
    stepColumn: 'cumulative l (environment steps)',
    batchSize,
    warnings,
  });
  return env ? { ...table, tags: { env_id: env } } : table;
}
