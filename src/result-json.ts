/**
 * The JSON account of a run (`--json OUT`, action output `report-json`): what was read, what was sent
 * and, when gated, the verdicts — top-level `regression`, `run` and `metrics` are the first (usually
 * only) gated run's, and `experiments` lists every gated run. Also the action's compact `metrics-json`.
 */
import type { Options } from './options.js';
import type { RunResult } from './run.js';

export function resultJson(result: RunResult, options: Options): Record<string, unknown> {
  const first = result.gate[0];
  return {
    command: options.command,
    exitCode: result.exitCode,
    regression: result.gate.some((g) => g.regression),
    ...(first ? { experiment: first.experiment, run: first.run, metrics: first.metrics } : {}),
    experiments: result.gate,
    statsd: result.statsd && {
      target: result.statsd.target,
      dryRun: result.statsd.dryRun,
      lines: result.statsd.lines,
      datagrams: result.statsd.datagrams,
      bytes: result.statsd.bytes,
      series: result.statsd.series,
      errors: result.statsd.errors,
    },
    sinks: result.sinks,
    runs: result.summaries,
    ...(result.gpu ? { gpu: result.gpu.gpu, cost: result.gpu.costs.map(({ run, cost }) => ({ run, ...cost })) } : {}),
    errors: result.errors,
    warnings: result.warnings,
  };
}

/**
 * The action's `metrics-json` output, a compact per-run view for later steps: by metric, the final loss, the
 * steady-state median or the last value.
 */
export function metricsOutput(result: RunResult): Record<string, Record<string, number | null>> {
  const out: Record<string, Record<string, number | null>> = {};
  for (const s of result.summaries) {
    const row: Record<string, number | null> = {};
    for (const m of s.metrics)
      row[m.name] = m.loss ? m.loss.final : (m.steady?.median ?? (Number.isFinite(m.last) ? m.last : null));
    out[s.name] = row;
  }
  return out;
}
