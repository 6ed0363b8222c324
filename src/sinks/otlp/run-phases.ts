/**
 * The phases of a run its files show, as spans placed on the run's time (run-times.ts): the warm-up (from
 * the first step to where the steady state begins, `warmup_steps` after it), the steady state (from there
 * to the last step), and each evaluation interval the log records (the steps an eval or quality metric was
 * logged at: from the previous evaluation, or the run's start, to this one, with the values logged there).
 * A run of fewer steps than its warm-up has one phase, said as such. Bounded: at most
 * TRACE_LIMITS.evaluations evaluation spans (the last ones, where the log has more).
 */
import { metricKey } from '../../naming.js';
import type { MetricSummary, RunSummary } from '../../model.js';
import type { RunTimes } from './run-times.js';
import { timeOfStep } from './run-times.js';
import { type PlannedSpan, type SpanAttributes, TRACE_LIMITS } from './span-plan.js';

/** Evaluation columns: eval_/val_/validation/test prefixes (HF Trainer, Lightning, Keras), or a quality metric. */
const EVAL_NAME = /^(eval|val|valid|validation|test)([/_.\s-]|$)/i;

export function isEvaluationMetric(m: Pick<MetricSummary, 'name' | 'class'>): boolean {
  return m.class.kind === 'quality' || (m.class.kind === 'loss' && EVAL_NAME.test(m.name));
}

export function runPhases(run: RunSummary, times: RunTimes): PlannedSpan[] {
  if (!run.steps.count) return [];
  const phase = (name: string, from: number, to: number, attributes: SpanAttributes = {}): PlannedSpan => ({
    name,
    start: timeOfStep(times, from),
    end: timeOfStep(times, to),
    attributes: { 'training.step.from': from, 'training.step.to': to, ...attributes },
  });
  const out: PlannedSpan[] = [];
  const steadyFrom = steadyStart(run);
  if (steadyFrom === null || steadyFrom <= run.steps.first)
    out.push(phase('steady state', run.steps.first, run.steps.last));
  else if (steadyFrom > run.steps.last)
    out.push(
      phase('warm-up', run.steps.first, run.steps.last, { 'training.phase.note': 'the run ended within its warm-up' }),
    );
  else {
    out.push(phase('warm-up', run.steps.first, steadyFrom));
    out.push(phase('steady state', steadyFrom, run.steps.last));
  }
  out.push(...evaluations(run, times));
  return out;
}

/** The step the steady state begins at: the judged loss's, else the first metric's that has one. */
function steadyStart(run: RunSummary): number | null {
  const withSteady = run.metrics.filter((m) => m.steady && !m.steady.warmupIncluded);
  const pick = withSteady.find((m) => m.class.kind === 'loss' && m.class.gate) ?? withSteady[0];
  if (pick) return pick.steady!.fromStep;
  // Every metric ended within its warm-up: the run did too.
  return run.metrics.some((m) => m.steady?.warmupIncluded) ? Number.POSITIVE_INFINITY : null;
}

function evaluations(run: RunSummary, times: RunTimes): PlannedSpan[] {
  const evalMetrics = run.metrics.filter(isEvaluationMetric);
  const byStep = new Map<number, SpanAttributes>();
  for (const m of evalMetrics) {
    for (const [step, value] of m.loss?.samples ?? []) {
      const at = byStep.get(step) ?? {};
      at[`training.eval.${metricKey(m.name)}`] = value;
      byStep.set(step, at);
    }
  }
  const steps = [...byStep.keys()].sort((a, b) => a - b);
  const kept = steps.slice(-TRACE_LIMITS.evaluations);
  return kept.map((step, i) => {
    const from =
      i > 0 ? kept[i - 1]! : steps.length > kept.length ? steps[steps.length - kept.length - 1]! : run.steps.first;
    return {
      name: 'evaluation',
      start: timeOfStep(times, from),
      end: timeOfStep(times, step),
      attributes: {
        'training.step.from': from,
        'training.step.to': step,
        'training.eval.index': steps.length - kept.length + i + 1,
        ...byStep.get(step),
      },
    };
  });
}
