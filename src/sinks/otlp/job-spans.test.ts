import { describe, expect, it } from 'vitest';
import { CLASSES, gateFor, metricSummary, runSummary } from '../../../test/helpers/run-summaries.js';
import { jobSpans } from './job-spans.js';

const steps = [1, 2, 3, 4];
const run = runSummary('r', 'e', steps, [
  metricSummary('MFU', CLASSES.mfuPercent, steps, [40, 41, 40, 41]),
  metricSummary('lm loss', CLASSES.loss, steps, [4, 3, 2, 1]),
]);
const stages = [
  { name: 'read', start: 10, end: 20 },
  { name: 'check', start: 20, end: 30 },
  { name: 'statsd', start: 30, end: 40 },
];

describe('the tool’s work as spans', () => {
  it('names the stages, and puts the verdict on the check span: an error on a regression', () => {
    const spans = jobSpans(stages, gateFor(run, ['MFU']));
    expect(spans.map((s) => s.name)).toEqual(['read metrics', 'check', 'send statsd']);
    const check = spans[1]!;
    expect(check.error).toBe('regression: mfu');
    expect(check.attributes).toMatchObject({
      'training.verdict': 'regression',
      'training.regression': true,
      'training.gate.regressed': ['mfu'],
    });
    expect(check.events!.map((e) => [e.attributes['training.metric'], e.attributes['training.verdict']])).toEqual([
      ['mfu', 'regression'],
      ['lm_loss', 'pass'],
    ]);
    expect(check.events![0]!.time).toBe(30);
    expect(spans[0]!.error).toBeUndefined();
  });

  it('a pass leaves the status unset (not an error)', () => {
    const check = jobSpans(stages, gateFor(run))[1]!;
    expect(check.error).toBeUndefined();
    expect(check.attributes['training.verdict']).toBe('pass');
  });
});
