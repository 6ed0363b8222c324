import { describe, expect, it } from 'vitest';
import { LiveRows } from './live-rows.js';

describe('LiveRows', () => {
  it('hands on each row at once, and leaves out a row whose step is beyond ±(2^53 − 1)', () => {
    const steps: number[] = [];
    const rows = new LiveRows(1, true, { layout: () => {}, row: (s) => steps.push(s), restarted: () => {} });
    for (const s of [1, 2, 1e23, Number.POSITIVE_INFINITY, Number.NaN, Number.MAX_SAFE_INTEGER, -1e300]) {
      rows.clearRow();
      rows.endRow(s);
    }
    // An empty step cell (NaN) is still a row: its cells belong to the step before.
    expect(steps).toEqual([1, 2, Number.NaN, Number.MAX_SAFE_INTEGER]);
  });

  it('numbers rows by position in a file without a step column', () => {
    const steps: number[] = [];
    const rows = new LiveRows(1, false, { layout: () => {}, row: (s) => steps.push(s), restarted: () => {} });
    for (let i = 0; i < 3; i++) rows.endRow(Number.NaN);
    expect(steps).toEqual([0, 1, 2]);
  });
});
