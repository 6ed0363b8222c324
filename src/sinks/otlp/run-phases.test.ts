import { describe, expect, it } from 'vitest';
import { CLASSES, metricSummary, runSummary } from '../../../test/helpers/run-summaries.js';
import { runPhases } from './run-phases.js';
import type { RunTimes } from './run-times.js';

const steps = Array.from({ length: 100 }, (_, i) => i + 1);
const times: RunTimes = { start: 0, end: 99_000, firstStep: 1, lastStep: 100, source: 'manifest' };

describe('the phases a run’s file shows', () => {
  it('warm-up to the steady state’s first step, then the steady state, each placed by its steps', () => {
    const loss = metricSummary(
      'loss',
      CLASSES.loss,
      steps,
      steps.map((s) => 10 / s),
      11,
    );
    const phases = runPhases(runSummary('r', 'e', steps, [loss]), times);
    expect(phases.map((p) => [p.name, p.attributes['training.step.from'], p.attributes['training.step.to']])).toEqual([
      ['warm-up', 1, 11],
      ['steady state', 11, 100],
    ]);
    expect(phases[0]!.end).toBe(10_000);
    expect(phases[1]!.start).toBe(10_000);
  });

  it('each evaluation the log records, from the one before, with the values logged there', () => {
    const loss = metricSummary(
      'loss',
      CLASSES.loss,
      steps,
      steps.map((s) => 10 / s),
      11,
    );
    const evalLoss = metricSummary('eval_loss', CLASSES.loss, [25, 50, 75, 100], [4, 3, 2.5, 2.2]);
    evalLoss.loss!.samples = [
      [25, 4],
      [50, 3],
      [75, 2.5],
      [100, 2.2],
    ];
    const evals = runPhases(runSummary('r', 'e', steps, [loss, evalLoss]), times).filter(
      (p) => p.name === 'evaluation',
    );
    expect(evals.map((e) => [e.attributes['training.step.from'], e.attributes['training.step.to']])).toEqual([
      [1, 25],
      [25, 50],
      [50, 75],
      [75, 100],
    ]);
    expect(evals[1]!.attributes['training.eval.eval_loss']).toBe(3);
    expect(evals[1]!.start).toBe(evals[0]!.end);
  });

  it('a run that ended within its warm-up has that phase only, said so', () => {
    const short = [1, 2, 3];
    const loss = metricSummary('loss', CLASSES.loss, short, [3, 2, 1], 11);
    loss.steady = { ...loss.steady!, warmupIncluded: true };
    const phases = runPhases(runSummary('r', 'e', short, [loss]), { ...times, lastStep: 3 });
    expect(phases.map((p) => p.name)).toEqual(['warm-up']);
    expect(phases[0]!.attributes['training.phase.note']).toMatch(/within its warm-up/);
  });
});
