import { describe, expect, it } from 'vitest';
import { nanLossRun, regressedRun } from '../../test/helpers/report-fixtures.js';
import { reportInput } from './report-input.js';

describe('reportInput', () => {
  it('pairs each gate result with its summary and band', () => {
    const a = regressedRun();
    const b = nanLossRun();
    const input = reportInput({
      gate: [a.gate, b.gate],
      summaries: [b.summary!, a.summary!],
      lossBand: (gate) => (gate.name === a.gate.name ? { points: a.lossBand! } : undefined),
    });
    expect(input.runs[0]!.summary).toBe(a.summary);
    expect(input.runs[0]!.lossBand).toBe(a.lossBand);
    expect(input.runs[1]!.summary).toBe(b.summary);
    expect(input.runs[1]!.lossBand).toBeUndefined();
  });
});
