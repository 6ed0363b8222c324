/**
 * A real Keras log directory (fixtures/real/tensorboard_keras_digits_logdir_train_validation/, written by
 * keras 3.15.1's TensorBoard callback under tensorflow-cpu 2.21.0; the script and TensorBoard's own reading
 * of it in its source/ folder) read as the tool reads a log directory: its `train/` and `validation/` runs
 * found, each tag prefixed with its run, every point where TensorBoard's EventAccumulator puts it (step =
 * epoch for the `epoch_*` tags, the optimizer's iteration for `evaluation_*_vs_iterations`), and the
 * validation metrics classified as what they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { collectTable, openTable } from '../../src/ingest/index.js';
import { tensorboardRunsIn } from '../../src/ingest/tensorboard/index.js';
import { summarizeRun } from '../../src/summarize/index.js';

const DIR = 'fixtures/real/tensorboard_keras_digits_logdir_train_validation';
type Point = [step: number, value: number, wall: number];

/** What read_reference.py wrote for the run: `{tag: [[step, value, wall_time], ...]}`. */
function reference(run: string): Record<string, Point[]> {
  return JSON.parse(readFileSync(join(DIR, 'source', `${run}.reference.json`), 'utf8')) as Record<string, Point[]>;
}

const EPOCHS = Array.from({ length: 20 }, (_, e) => e);
/** 1,437 training images in batches of 64: 23 batches an epoch, the validation after each. */
const ITERATIONS = EPOCHS.map((e) => 23 * (e + 1));

describe('a real Keras log directory (train/ and validation/ of one model.fit)', () => {
  it('holds two runs, train and validation; the script beside them is no run', async () => {
    expect(await tensorboardRunsIn(DIR)).toEqual(['train', 'validation']);
  });

  it('reads as one table, each tag prefixed with its run, every point as TensorBoard reads it', async () => {
    const table = await openTable(DIR);
    expect(table.stepColumn).toBe('step');
    const t = await collectTable(table);
    const want = new Map<string, Point[]>();
    for (const run of ['train', 'validation'])
      for (const [tag, points] of Object.entries(reference(run))) want.set(`${run}/${tag}`, points);
    expect(new Set(table.columns)).toEqual(new Set(want.keys()));
    expect(new Set(table.columns)).toEqual(
      new Set([
        'train/epoch_loss',
        'train/epoch_accuracy',
        'train/epoch_learning_rate',
        'validation/epoch_loss',
        'validation/epoch_accuracy',
        'validation/evaluation_loss_vs_iterations',
        'validation/evaluation_accuracy_vs_iterations',
      ]),
    );
    for (const [column, points] of want) {
      const got: [number, number][] = [];
      t.steps.forEach((s, i) => {
        if (!Number.isNaN(t.values[column]![i]!)) got.push([s, t.values[column]![i]!]);
      });
      // Float32 tensors both ways: the same doubles, not only close ones.
      expect(got, column).toEqual(points.map(([s, v]) => [s, v]));
      const steps = points.map(([s]) => s);
      expect(steps, column).toEqual(column.includes('_vs_iterations') ? ITERATIONS : EPOCHS);
    }
    // The epochs and the iterations are one step axis, as TensorBoard draws them: 20 + 20 rows.
    expect(t.steps).toEqual([...EPOCHS, ...ITERATIONS]);
    expect(table.warnings).toEqual([]);
    expect(table.truncated.value).toBe(false);

    // As Keras's history printed them: the validation after the last epoch is the same value logged twice.
    const last = (c: string) => t.values[c]!.filter(Number.isFinite).at(-1)!;
    expect(last('train/epoch_loss')).toBeCloseTo(0.232508, 6);
    expect(last('validation/epoch_loss')).toBeCloseTo(0.280009, 6);
    expect(last('validation/epoch_accuracy')).toBeCloseTo(0.941667, 6);
    expect(last('train/epoch_accuracy')).toBeCloseTo(0.954767, 6);
    expect(last('validation/evaluation_loss_vs_iterations')).toBe(last('validation/epoch_loss'));
    expect(t.values['train/epoch_learning_rate']!.filter(Number.isFinite)).toEqual(EPOCHS.map(() => Math.fround(1e-3)));
  });

  it('a validation accuracy is a quality metric, higher is better; the losses lower; the learning rate not judged', async () => {
    const summary = await summarizeRun(
      { name: 'keras-digits', experiment: 'e', tags: {}, fingerprint: {}, table: await openTable(DIR) },
      DEFAULT_CONFIG,
    );
    const of = (name: string) => {
      const m = summary.metrics.find((x) => x.name === name)!;
      return {
        kind: m.class.kind,
        direction: m.class.direction,
        gate: m.class.gate,
        count: m.count,
        lastStep: m.lastStep,
      };
    };
    expect(of('validation/epoch_accuracy')).toEqual({
      kind: 'quality',
      direction: 'higher',
      gate: true,
      count: 20,
      lastStep: 19,
    });
    expect(of('train/epoch_accuracy')).toEqual({
      kind: 'quality',
      direction: 'higher',
      gate: true,
      count: 20,
      lastStep: 19,
    });
    expect(of('validation/epoch_loss')).toEqual({
      kind: 'loss',
      direction: 'lower',
      gate: true,
      count: 20,
      lastStep: 19,
    });
    expect(of('train/epoch_loss')).toEqual({ kind: 'loss', direction: 'lower', gate: true, count: 20, lastStep: 19 });
    expect(of('train/epoch_learning_rate')).toMatchObject({ gate: false, direction: 'none' });
  });
});
