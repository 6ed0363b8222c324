import { describe, expect, it } from 'vitest';
import { batchInput, regressedRun } from '../../../test/helpers/report-fixtures.js';
import { ANNOTATIONS_PER_KIND, annotate, type AnnotationProps } from './annotations.js';

function recorder() {
  const calls: { level: 'error' | 'warning'; message: string; props?: AnnotationProps }[] = [];
  return {
    calls,
    sink: {
      error: (message: string, props?: AnnotationProps) => calls.push({ level: 'error', message, props }),
      warning: (message: string, props?: AnnotationProps) => calls.push({ level: 'warning', message, props }),
    },
  };
}

describe('annotate', () => {
  it('errors per regression, warns for insufficient history, missing metrics and incomplete runs', () => {
    const input = batchInput();
    const { calls, sink } = recorder();
    const counts = annotate(
      input.runs.map((r) => r.gate),
      sink,
      input.runs.flatMap((r) => (r.summary ? [r.summary] : [])),
    );
    const errors = calls.filter((c) => c.level === 'error');
    const warnings = calls.filter((c) => c.level === 'warning');
    expect(counts).toEqual({ errors: 2, warnings: 3 });
    expect(errors.map((e) => e.props?.title).sort()).toEqual(['Regression: MFU', 'Regression: lm loss']);
    const mfu = errors.find((e) => e.props?.title === 'Regression: MFU')!;
    expect(mfu.message).toBe(
      `gpt3-15b-pretrain / gpt3-15b-8t-h100-run42: MFU −5.5 %: ${regressedRun().gate.metrics[2]!.reason}`,
    );
    expect(mfu.props?.file).toBe('runs/gpt3-15b/metrics_rank_0.csv');
    expect(warnings.map((w) => w.props?.title).sort()).toEqual([
      'Incomplete run',
      'Insufficient history: Tflops',
      'Missing metric: throughput',
    ]);
    expect(warnings.find((w) => w.props?.title === 'Incomplete run')!.message).toContain('1250 of 2000 steps');
  });

  it("stays within GitHub's ten annotations per kind and says how many more there are", () => {
    const base = regressedRun().gate;
    const gates = Array.from({ length: 25 }, (_, i) => ({ ...base, name: `run-${i}` }));
    const { calls, sink } = recorder();
    const counts = annotate(gates, sink);
    expect(counts.errors).toBe(25);
    const errors = calls.filter((c) => c.level === 'error');
    expect(errors).toHaveLength(ANNOTATIONS_PER_KIND);
    expect(errors[ANNOTATIONS_PER_KIND - 1]!.message).toBe('16 more regressions; see the job summary for all of them');
  });

  it('says nothing for a clean run', () => {
    const gate = {
      ...regressedRun().gate,
      regression: false,
      metrics: regressedRun().gate.metrics.filter((m) => m.verdict === 'pass'),
    };
    const { calls, sink } = recorder();
    annotate([gate], sink);
    expect(calls).toEqual([]);
  });
});
