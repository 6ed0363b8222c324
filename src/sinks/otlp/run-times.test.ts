import { describe, expect, it } from 'vitest';
import { CLASSES, metricSummary, runSummary } from '../../../test/helpers/run-summaries.js';
import { runTimes, timeOfStep } from './run-times.js';

const steps = [1, 2, 3, 4, 5];
const job = { start: 2_000_000_000_000, end: 2_000_000_005_000 };
const loss = metricSummary('loss', CLASSES.loss, steps, [5, 4, 3, 2, 1]);

describe('when a run ran', () => {
  it('the manifest’s range, where it gives one', () => {
    const run = runSummary('r', 'e', steps, [loss], { timeRange: { start: 1000, end: 5000 } });
    expect(runTimes(run, job)).toEqual({ start: 1000, end: 5000, firstStep: 1, lastStep: 5, source: 'manifest' });
  });

  it('a timestamp column of Unix seconds, at its own first and last steps', () => {
    const ts = metricSummary('_timestamp', CLASSES.gauge, [2, 3, 4], [1.7e9, 1.7e9 + 10, 1.7e9 + 20]);
    ts.firstStep = 2;
    const t = runTimes(runSummary('r', 'e', steps, [loss, ts]), job);
    expect(t).toEqual({ start: 1.7e12, end: 1.7e12 + 20_000, firstStep: 2, lastStep: 4, source: 'file' });
    expect(timeOfStep(t, 3)).toBe(1.7e12 + 10_000);
    expect(timeOfStep(t, 1)).toBe(t.start);
  });

  it('not a clock that went back, nor a column of small numbers: the job’s time then', () => {
    const back = metricSummary('timestamp', CLASSES.gauge, [1, 2, 3], [1.7e9, 1.6e9, 1.7e9 + 5]);
    back.firstStep = 1;
    const small = metricSummary('walltime', CLASSES.gauge, [1, 2, 3], [1, 2, 3]);
    small.firstStep = 1;
    expect(runTimes(runSummary('r', 'e', steps, [loss, back, small]), job)).toMatchObject({
      ...job,
      source: 'job',
    });
  });
});
