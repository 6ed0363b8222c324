import { describe, expect, it } from 'vitest';
import type { Batch } from '../model.js';
import { CellKind } from './csv/cell.js';
import { StepOrderedRows } from './step-order.js';

/** Feed rows [step, value | 'nan' | null] of one column; return steps, values and NaN-token steps. */
function run(rows: [number, number | 'nan' | null][], blockRows = 4) {
  const sink = new StepOrderedRows(1, blockRows);
  const batches: Batch[] = [];
  rows.forEach(([step, v], i) => {
    sink.clearRow();
    if (v === 'nan') sink.kinds[0] = CellKind.NanToken;
    else if (v !== null) {
      sink.values[0] = v;
      sink.kinds[0] = CellKind.Number;
    }
    sink.commit(step, i + 2);
    batches.push(...sink.take());
  });
  batches.push(...sink.finish());
  const steps = batches.flatMap((b) => [...b.steps]);
  const values = batches.flatMap((b) => [...b.values[0]!]);
  const nanSteps = batches.flatMap((b) => (b.nanTokens?.[0] ?? []).map((r) => b.steps[r]!));
  return { steps, values, nanSteps, warnings: sink.warnings(), sizes: batches.map((b) => b.steps.length) };
}

describe('StepOrderedRows', () => {
  it('passes rows in step order through in batches of the block size', () => {
    const r = run([1, 2, 3, 4, 5, 6, 7, 8, 9].map((s) => [s, s * 10]));
    expect(r.steps).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(r.values).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(r.sizes).toEqual([4, 4, 1]);
    expect(r.warnings).toEqual([]);
  });

  it('merges a repeated step into the row before it (sparse loggers), later non-empty cells winning', () => {
    const r = run([
      [1, 1],
      [2, null],
      [2, 5],
      [3, 'nan'],
      [3, 7],
      [4, 8],
      [4, 'nan'],
    ]);
    expect(r.steps).toEqual([1, 2, 3, 4]);
    expect(r.values.slice(0, 3)).toEqual([1, 5, 7]);
    expect(r.values[3]).toBeNaN();
    expect(r.nanSteps).toEqual([4]);
    expect(r.warnings).toEqual([]);
  });

  it('on a restart, drops the rows of the abandoned attempt from the resumed step on (later attempt wins)', () => {
    const r = run([
      [1, 1],
      [2, 2],
      [3, 'nan'],
      [4, 4],
      [5, 5],
      [3, 30],
      [4, 40],
      [5, 50],
      [6, 60],
    ]);
    expect(r.steps).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.values).toEqual([1, 2, 30, 40, 50, 60]);
    expect(r.nanSteps).toEqual([]);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatch(/1 restart .*line 7: step 3 after 5.*3 earlier rows replaced/);
  });

  it('resolves a restart that reaches back across a block boundary while the block is still held', () => {
    const rows: [number, number][] = [1, 2, 3, 4, 5, 6].map((s) => [s, s]);
    const r = run([...rows, [2, 200], [3, 300]], 4);
    expect(r.steps).toEqual([1, 2, 3]);
    expect(r.values).toEqual([1, 200, 300]);
  });

  it('beyond the held rows, keeps the first occurrence of steps already passed on and warns', () => {
    // Block of 2: after 8 rows, steps 1–4 have been passed on; a restart at step 2 cannot retract them.
    const rows: [number, number][] = [1, 2, 3, 4, 5, 6, 7, 8].map((s) => [s, s]);
    const r = run([...rows, [2, 200], [3, 300], [4, 400], [5, 500], [6, 600]], 2);
    expect(r.steps).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.values).toEqual([1, 2, 3, 4, 500, 600]);
    expect(r.warnings.join('\n')).toMatch(
      /3 rows of a restart reached back past the 2 rows held.*keep their first occurrence/,
    );
  });

  it('skips rows whose step is not a number, or beyond ±(2^53 − 1), and says how many and where', () => {
    const r = run([
      [1, 1],
      [NaN, 2],
      [Infinity, 3],
      [2, 4],
      [NaN, 5],
      [Number.MAX_SAFE_INTEGER + 1, 6],
      [1e23, 7],
      [-1e23, 8],
      [Number.MAX_SAFE_INTEGER, 9],
    ]);
    // 2^53 − 1 is still a step; 2^53, 1e23 and the infinities are not (2^53 + 1 would read as 2^53).
    expect(r.steps).toEqual([1, 2, Number.MAX_SAFE_INTEGER]);
    expect(r.values).toEqual([1, 4, 9]);
    expect(r.warnings).toEqual([
      '2 rows without a numeric step skipped (first at line 3)',
      '4 rows with a step beyond ±9007199254740991 (2^53 − 1, past which steps are no longer exact) skipped (first at line 4: Infinity)',
    ]);
  });

  it('says when one step is logged twice with different numbers for a cell, naming the first such cell', () => {
    const sink = new StepOrderedRows(2, 4);
    const row = (step: number, line: number, a: number | null, b: number | null) => {
      sink.clearRow();
      for (const [c, v] of [a, b].entries()) {
        if (v === null) continue;
        sink.values[c] = v;
        sink.kinds[c] = CellKind.Number;
      }
      sink.commit(step, line);
    };
    row(1, 2, 0.5, 1.0);
    row(2, 3, 0.4, 1.0);
    row(2, 4, 0.4, 3.0); // step_time 1.0, then 3.0 at the same step
    row(3, 5, 0.3, null);
    row(3, 6, null, 2.0); // a sparse logger's second row: no conflict
    row(4, 7, 0.2, 1.0);
    row(4, 8, 0.2, 1.0); // the same line again: no conflict
    row(4, 9, 0.25, 1.0);
    const steps = [...sink.finish()].flatMap((b) => [...b.steps]);
    expect(steps).toEqual([1, 2, 3, 4]);
    expect(sink.warnings(['loss', 'step_time'], 'rank0.csv')).toEqual([
      'rank0.csv: line 4: step 2 logged twice with different values, "step_time" 1 then 3 (the later kept); 2 such cells in all',
    ]);
    // Without names, the column's number.
    expect(sink.warnings()[0]).toMatch(/^line 4: step 2 logged twice with different values, "column 2" 1 then 3/);
  });

  it('merges a step logged twice with the same values, or with cells only one row has, without a word', () => {
    const r = run([
      [1, 1],
      [1, 1],
      [2, null],
      [2, 2],
      [3, 'nan'],
      [3, 3],
    ]);
    expect(r.steps).toEqual([1, 2, 3]);
    expect(r.warnings).toEqual([]);
  });
});
