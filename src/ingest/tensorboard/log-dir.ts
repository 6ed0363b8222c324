/**
 * A TensorBoard log directory: a folder whose subfolders hold event files, each subfolder a run named by
 * its path relative to the folder, as `tensorboard --logdir` names them. Keras's TensorBoard callback
 * writes one job's training and validation scalars as two such runs (`logs/train/`, `logs/validation/`,
 * the same tags in both: `epoch_loss`), the TF Object Detection API `train/` and `eval/`. Those splits of
 * one job are read as one table, each tag prefixed with its run's name (`train/epoch_loss`,
 * `validation/epoch_loss`), as TensorBoard shows them and without one split's values taking the other's
 * place. Runs that are not such splits (a sweep, `version_0/` and `version_1/` of a Lightning logger) are
 * other jobs: the folder is refused with the runs it holds, and one run's folder is what to pass.
 */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type Batch, InputError, type Table } from '../../model.js';
import { EventRows } from './event-rows.js';

const EVENT_FILE = /^events\.out\.tfevents\./;
/** The names the writers give one job's splits. */
const SPLITS = new Set(['train', 'training', 'validation', 'val', 'valid', 'eval', 'evaluation', 'test']);
/** Most splits read as one job. */
export const MAX_SPLITS = 4;
/** How deep runs are looked for, and how many folders, before the folder is not taken as a log directory. */
const MAX_DEPTH = 4;
const MAX_FOLDERS = 2000;

/** The runs under `dir` (subfolders holding event files), by relative path, sorted; [] when there are none. */
export async function tensorboardRunsIn(dir: string): Promise<string[]> {
  const runs: string[] = [];
  let folders = 0;
  const walk = async (at: string, depth: number): Promise<void> => {
    if (depth > MAX_DEPTH || ++folders > MAX_FOLDERS) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch {
      return;
    }
    if (depth > 0 && entries.some((e) => e.isFile() && EVENT_FILE.test(e.name))) runs.push(relative(dir, at));
    for (const e of entries
      .filter((x) => x.isDirectory() && !x.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name)))
      await walk(join(at, e.name), depth + 1);
  };
  await walk(dir, 0);
  return runs.map((r) => r.split(sep).join('/')).sort();
}

/** Whether the runs are splits of one job: siblings named train, validation, eval, test and the like, a few. */
export function areSplits(runs: readonly string[]): boolean {
  if (runs.length < 2 || runs.length > MAX_SPLITS) return false;
  const parent = (r: string) => r.slice(0, Math.max(0, r.lastIndexOf('/')));
  const name = (r: string) => r.slice(r.lastIndexOf('/') + 1).toLowerCase();
  return runs.every((r) => parent(r) === parent(runs[0]!) && SPLITS.has(name(r)));
}

/** The refusal of a log directory of several jobs, saying how to pass one. */
export function severalRuns(dir: string, runs: readonly string[]): InputError {
  const shown = runs.slice(0, 4).join(', ') + (runs.length > 4 ? `, … (${runs.length} in all)` : '');
  return new InputError(
    dir,
    null,
    `is a TensorBoard log directory of ${runs.length} runs (${shown}), not one job's: pass one run's folder, e.g. --csv ${join(dir, runs[0]!)}` +
      (runs.length <= MAX_SPLITS
        ? " (only a job's splits, train/validation/eval/test folders side by side, are read together)"
        : ''),
  );
}

/**
 * One job's split runs as one table: each run's columns prefixed with its name, the rows merged by step
 * (a step of one split and the same step of another are one row). Each run is read as a run directory
 * is, with its own purges.
 */
export function mergeSplits(dir: string, runs: { name: string; table: Table }[], batchSize: number): Table {
  const columns = runs.flatMap(({ name, table }) => table.columns.map((c) => `${name}/${c}`));
  const offsets: number[] = [];
  let at = 0;
  for (const r of runs) {
    offsets.push(at);
    at += r.table.columns.length;
  }
  const warnings: string[] = [];
  const truncated = { value: false };
  return {
    source: dir,
    columns,
    stepColumn: 'step',
    warnings,
    truncated,
    batches: (async function* (): AsyncGenerator<Batch> {
      const rows = new EventRows(batchSize);
      const heads = runs.map(({ table }) => new Head(table.batches[Symbol.asyncIterator]()));
      for (const h of heads) await h.next();
      for (;;) {
        let step = Number.POSITIVE_INFINITY;
        for (const h of heads) if (h.batch && h.step() < step) step = h.step();
        if (step === Number.POSITIVE_INFINITY) break;
        for (const [k, h] of heads.entries()) {
          if (!h.batch || h.step() !== step) continue;
          const b = h.batch;
          b.values.forEach((v, c) => {
            const x = v[h.row]!;
            if (!Number.isNaN(x) || h.tokens[c]?.has(h.row)) rows.set(step, offsets[k]! + c, x);
          });
          await h.advance();
        }
        yield* rows.take(columns.length);
      }
      yield* rows.finish(columns.length);
      for (const { name, table } of runs) {
        warnings.push(...table.warnings.map((w) => `${name}: ${w}`));
        if (table.truncated.value) truncated.value = true;
      }
    })(),
  };
}

/** Where one run's stream is: its batch, the row in it, its NaN tokens as sets. */
class Head {
  batch: Batch | null = null;
  row = 0;
  tokens: (Set<number> | undefined)[] = [];

  constructor(private readonly it: AsyncIterator<Batch>) {}

  step(): number {
    return this.batch!.steps[this.row]!;
  }

  async next(): Promise<void> {
    for (;;) {
      const r = await this.it.next();
      if (r.done) {
        this.batch = null;
        return;
      }
      if (!r.value.steps.length) continue;
      this.batch = r.value;
      this.row = 0;
      this.tokens = (r.value.nanTokens ?? []).map((rows) => (rows ? new Set(rows) : undefined));
      return;
    }
  }

  async advance(): Promise<void> {
    if (++this.row >= this.batch!.steps.length) await this.next();
  }
}
