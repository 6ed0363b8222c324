import { describe, expect, it } from 'vitest';
import type { GateResult } from '../model.js';
import { BISECT_BAD, BISECT_GOOD, BISECT_SKIP, bisectExitCode } from './bisect-verdict.js';

const gate = (o: { regression?: boolean; complete?: boolean; truncated?: boolean; verdict?: string } = {}) =>
  ({
    experiment: 'e',
    name: 'r',
    fingerprint: '',
    regression: o.regression ?? false,
    // The run's word: judged when its metric was (a pass or a regression), else not judged.
    verdict: o.regression ? 'regression' : (o.verdict ?? 'pass') === 'pass' ? 'pass' : 'not-judged',
    run: { complete: o.complete ?? true, steps: 100, expectedSteps: 100, truncated: o.truncated ?? false },
    metrics: [{ name: 'mfu', verdict: o.verdict ?? (o.regression ? 'regression' : 'pass') }],
  }) as unknown as GateResult;

describe('bisectExitCode', () => {
  it('a whole run judged: good (0) or bad (1)', () => {
    expect(bisectExitCode([gate()], 0)).toBe(BISECT_GOOD);
    expect(bisectExitCode([gate({ regression: true })], 0)).toBe(BISECT_BAD);
  });

  it('a run that did not finish: bad when it regressed as far as it went, else a skip, never good', () => {
    expect(bisectExitCode([gate({ complete: false })], 0)).toBe(BISECT_SKIP);
    expect(bisectExitCode([gate({ complete: false, truncated: true })], 0)).toBe(BISECT_SKIP);
    expect(bisectExitCode([gate({ complete: false, regression: true })], 0)).toBe(BISECT_BAD);
  });

  it('a traceback in the metrics file is a skip whatever the rows say', () => {
    const crashed = [{ crash: 'metrics.csv:2001' }];
    expect(bisectExitCode([gate()], 0, crashed)).toBe(BISECT_SKIP);
    expect(bisectExitCode([gate({ regression: true })], 0, crashed)).toBe(BISECT_SKIP);
  });

  it('bad input, no run, or nothing judged: a skip', () => {
    expect(bisectExitCode([gate()], 1)).toBe(BISECT_SKIP);
    expect(bisectExitCode([], 0)).toBe(BISECT_SKIP);
    expect(bisectExitCode([gate({ verdict: 'insufficient-history' })], 0)).toBe(BISECT_SKIP);
  });
});
