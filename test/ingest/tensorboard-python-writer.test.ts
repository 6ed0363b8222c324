/**
 * TensorBoard event files written by real Python writers (tensorboardX, torch.utils.tensorboard;
 * fixtures/tensorboard/write_events.py) against what TensorBoard's own EventAccumulator reads from them
 * (read_reference.py, kept beside them): every scalar of every tag, at every step, the same value, the
 * later one where a resumed job wrote a step twice. simple_value and tensor-encoded scalars (float_val,
 * double_val, tensor_content), a resumed run in two files with and without purge_step, a file cut inside
 * its last record, NaN and infinity. (EventAccumulator keeps both attempts' points of a resumed run
 * without purge_step; the later one is what read_reference.py keeps, and what this reader keeps.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectTable, openTable } from '../../src/ingest/index.js';

const DIR = 'fixtures/tensorboard';
type Point = [step: number, value: number | null | string, wall: number];

function expected(run: string): Map<string, Map<number, number>> {
  const ref = JSON.parse(readFileSync(join(DIR, `${run}.reference.json`), 'utf8')) as Record<string, Point[]>;
  const value = (v: Point[1]) =>
    v === null ? Number.NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : Number(v);
  return new Map(Object.entries(ref).map(([tag, points]) => [tag, new Map(points.map(([s, v]) => [s, value(v)]))]));
}

describe('TensorBoard files from Python writers read as TensorBoard reads them', () => {
  it.each(['simple', 'tensor', 'resumed', 'resumed_purge', 'purge_late', 'truncated', 'nan'])('%s', async (run) => {
    const want = expected(run);
    const table = await openTable(join(DIR, run));
    const t = await collectTable(table);
    expect(new Set(table.columns)).toEqual(new Set(want.keys()));
    for (const [tag, points] of want) {
      const column = t.values[tag]!;
      const got = new Map<number, number>();
      t.steps.forEach((s, i) => {
        if (!Number.isNaN(column[i]!) || t.nanTokens[tag]?.includes(i)) got.set(s, column[i]!);
      });
      expect(got.size, `${run} ${tag}`).toBe(points.size);
      for (const [step, v] of points) {
        const g = got.get(step)!;
        if (Number.isNaN(v) || !Number.isFinite(v)) expect(g, `${run} ${tag} @${step}`).toBe(v);
        else expect(Math.abs(g - v), `${run} ${tag} @${step}`).toBeLessThanOrEqual(1e-6 * Math.abs(v));
      }
    }
    expect(table.truncated.value).toBe(run === 'truncated');
    if (run === 'resumed')
      expect(table.warnings.join('\n')).toMatch(/^\d+ points written again at their step with another value/m);
    // TensorBoard logs "Removing 402 scalars" at the START: the first writer's steps 201..300 of four tags
    // and eval/loss at 250 and 300.
    if (run === 'resumed_purge') expect(table.warnings.join('\n')).toMatch(/^402 points purged by a SessionLog START/m);
  });
});
