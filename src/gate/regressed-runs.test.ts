import { describe, expect, it } from 'vitest';
import { trailingRegressed, withoutRegressed } from './regressed-runs.js';

const p = (flags: string) =>
  [...flags].map((c, i) => ({ i, marked: c === 'M' || c === 'B', regressed: c === 'R' || c === 'B' }));

describe('runs the gate flagged', () => {
  it('leaves the flagged runs out and carries a flagged run’s mark to the next run kept', () => {
    const { kept, left } = withoutRegressed(p('..R.B.R'));
    expect(kept.map((x) => x.i)).toEqual([0, 1, 3, 5]);
    expect(left).toBe(3);
    expect(kept.find((x) => x.i === 5)!.marked).toBe(true);
    expect(withoutRegressed(p('....')).left).toBe(0);
  });

  it('finds where the flagged runs that end the history start, never across a mark', () => {
    expect(trailingRegressed(p('....RR'))).toBe(4);
    expect(trailingRegressed(p('..R..R'))).toBe(5);
    expect(trailingRegressed(p('..RR..'))).toBeNull();
    expect(trailingRegressed(p('RRR'))).toBe(0);
    expect(trailingRegressed(p('..BRR'))).toBe(3);
    expect(trailingRegressed([])).toBeNull();
  });
});
