/**
 * The JSON account of a run (`--json OUT`, action output `report-json`): what was read, what was sent
 * and, when gated, the verdicts — top-level `verdict` (regression, pass or not-judged: jobVerdict),
 * `regression`, `run` and `metrics` are the first (usually
 * only) gated run's, and `experiments` lists every gated run (each culprit range with its `environment`
 * explanation where both runs recorded one); `environment` is the run's own. Also the action's compact
 * `metrics-json`.
 */
import type { GateResult, RunVerdict } from './model.js';
import type { Options } from './options.js';
import type { RunResult } from './run.js';

/**
 * The job's verdict over its gated runs: a regression in any; else not judged when any run judged nothing
 * (a batch that gated only some of its runs has not passed); else pass. Null when nothing was gated.
 */
export function jobVerdict(gate: readonly GateResult[]): RunVerdict | null {
  if (gate.length === 0) return null;
  if (gate.some((g) => g.regression)) return 'regression';
  return gate.some((g) => g.verdict === 'not-judged') ? 'not-judged' : 'pass';
}

export function resultJson(result: RunResult, options: Options): Record<string, unknown> {
  const first = result.gate[0];
  return {
    command: options.command,
    exitCode: result.exitCode,
    verdict: jobVerdict(result.gate),
    regression: result.gate.some((g) => g.regression),
    ...(first ? { experiment: first.experiment, run: first.run, metrics: first.metrics } : {}),
    experiments: result.gate,
    ...(result.environment ? { environment: result.environment } : {}),
    statsd: result.statsd && {
      target: result.statsd.target,
      protocol: result.statsd.protocol,
      delivery: result.statsd.delivery,
      pacedBytesPerMs: result.statsd.pacedBytesPerMs,
      sendMs: result.statsd.sendMs,
      dryRun: result.statsd.dryRun,
      lines: result.statsd.lines,
      linesHanded: result.statsd.linesHanded,
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

/** Which number a metric's `value` in `metrics-json` is. */
export type MetricsOutputStat = 'final_window_median' | 'steady_median' | 'last';

/** One metric in `metrics-json`: the number the gate judges it by, which number that is, and its last value. */
export interface MetricsOutputEntry {
  value: number | null;
  stat: MetricsOutputStat;
  /** The last finite value and its step (null when it has none). */
  last: number | null;
  lastStep: number | null;
}

/**
 * The action's `metrics-json` output, a compact per-run view for later steps: by metric, the number the
 * gate judges it by — a loss's final-window median (last 25 % of its steps), a steady-state median, or
 * a gauge's last value — named in `stat`, and the last value with its step beside it.
 */
export function metricsOutput(result: RunResult): Record<string, Record<string, MetricsOutputEntry>> {
  const out: Record<string, Record<string, MetricsOutputEntry>> = {};
  for (const s of result.summaries) {
    const row: Record<string, MetricsOutputEntry> = {};
    for (const m of s.metrics) {
      const hasLast = m.count > 0 && Number.isFinite(m.last);
      const last = { last: hasLast ? m.last : null, lastStep: hasLast ? m.lastStep : null };
      if (m.loss) row[m.name] = { value: finite(m.loss.finalWindow.median), stat: 'final_window_median', ...last };
      else if (m.steady) row[m.name] = { value: finite(m.steady.median), stat: 'steady_median', ...last };
      else row[m.name] = { value: last.last, stat: 'last', ...last };
    }
    out[s.name] = row;
  }
  return out;
}

function finite(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}
