/**
 * Default classification by metric name. Order matters: counters and totals are recognised before
 * rates, so `consumed_tokens` is never mistaken for throughput and `train_runtime` never for a step timer.
 */
import type { MetricClass } from '../model.js';
import { headerUnit, metricKey } from '../naming.js';
import { ownValue } from '../own-keys.js';

interface Rule {
  test: RegExp;
  class: Omit<MetricClass, 'unit'> & { unit?: string };
}

const gauge = (direction: MetricClass['direction'] = 'none'): Rule['class'] => ({
  kind: 'gauge',
  direction,
  gate: false,
  minEffect: 0,
});

/** Names of rates, which a counter word inside (`total_tokens_per_sec`: summed over GPUs) does not make counters. */
const NOT_RATE = '(?!.*(per_s|_ps$|_tps$|tokens_s$|per_step|per_iter|per_gpu))';

/** A counter word as a name part, in a name that is neither a loss nor a rate. */
const COUNTER_NAME = new RegExp(
  `^${NOT_RATE}(?!.*(loss|perplexity|ppl))(.*[._/])?(total|cumulative|cum|accumulated|consumed)([._/]|$)`,
);

/** Rules over the metric key (`metricKey(header)`: lower case, `_` separated, dots kept). */
const RULES: Rule[] = [
  // A multi-rank job's slowest rank over its median rank, per step (src/ranks/): 1 when balanced.
  { test: /(^|[._])rank_imbalance$/, class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.02 } },
  // Bookkeeping and counters: reported as the last value, never judged.
  { test: /(^|[._])(epoch|timestamp|wall_?clock|date|walltime)$/, class: gauge() },
  { test: /(learning_rate|(^|[._])lr($|[._])|lr_scale|weight_decay|momentum)/, class: gauge() },
  { test: /(grad_norm|gradient_norm|num_zeros|params_norm|loss_scale)/, class: gauge() },
  // Hardware telemetry that names memory without being memory use (`mem_0_clk`, `mem_voltage`,
  // `ecc.errors…device_memory`, `temperature.memory`): clocks, voltages, temperatures, error counts.
  {
    test: /(^|[._])(clk|clock|clocks|voltage|temp|temperature|hotspot|fan|ecc|errors|retired_pages|remapped_rows)($|[._])/,
    class: gauge(),
  },
  {
    test: new RegExp(
      `^${NOT_RATE}.*((^|[._])(consumed|total|num|n)_(tokens|samples|steps|examples|flos)|(^|[._])(tokens|samples)_(seen|consumed|processed)$|total_flos$|(^|[._])(tokens|samples|examples)$)`,
    ),
    class: gauge(),
  },
  { test: /(runtime|wall_time|total_time|elapsed_time$|time_elapsed)/, class: { ...gauge(), unit: 'seconds' } },
  // A countdown to the end (detectron2's `eta_seconds`): it falls as the run goes on, whatever its speed.
  { test: /(^|[._])(eta|time_remaining|remaining_time|time_left)($|[._])/, class: { ...gauge(), unit: 'seconds' } },
  // Named counters (`throughput/total_training_Gflops`, `accumulated_eval_time`, `total_duration`): running
  // totals, not rates. A total of losses is still a loss, and a rate summed over GPUs (`total_tokens_per_sec`)
  // still a rate; the values get a second say in classify/from-values.ts.
  { test: COUNTER_NAME, class: gauge() },
  { test: /(eval|val|valid|test)_(wer|cer|bleu|accuracy|acc|f1)/, class: gauge() },

  // Loss and perplexity: sampled every N steps, lower is better.
  {
    test: /(loss|perplexity|(^|[._])ppl($|[._]))/,
    class: { kind: 'loss', direction: 'lower', gate: true, minEffect: 0.01 },
  },

  // Throughput family: higher is better, bucketed into step windows.
  {
    test: /(^|[._])mfu($|[._])|model_flops_util|hfu/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'ratio' },
  },
  {
    test: /tflops|tflop_s|flops_per_s/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'tflops' },
  },
  {
    test: /(throughput|tokens_per_s|tokens_per_second|tok_s|tok_per_s|tokens_s$|tps$|samples_per_s|samples_per_second|sequences_per_s|it_s$|steps_per_s)/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
  },

  // Memory: lower is better; peaks matter most.
  {
    test: /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/,
    class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.03 },
  },

  // Timers: first steps skipped as warm-up, lower is better.
  {
    test: /(step_time|iteration_time|iter_time|time_per_(step|iteration|iter)|elapsed_time_per_iteration|batch_time|(^|[._])(time|duration|latency)($|[._])|_time$|_ms$|_sec$|_seconds$)/,
    class: { kind: 'timer', direction: 'lower', gate: true, minEffect: 0.02, unit: 'seconds' },
  },
];

/**
 * Units written as a header suffix, mapped to the unit names the sinks convert from. MB and GB mean MiB and
 * GiB, as in a `_mb` name: training code divides by 1024² (`max_memory_allocated() / 2**20`) and older
 * nvidia-smi wrote `[MB]` for MiB. A config `unit: megabytes` still means 10⁶ bytes.
 */
const UNIT_ALIASES: Record<string, string> = {
  '%': 'percent',
  percent: 'percent',
  mib: 'mebibytes',
  mb: 'mebibytes',
  gib: 'gibibytes',
  gb: 'gibibytes',
  b: 'bytes',
  bytes: 'bytes',
  ms: 'milliseconds',
  s: 'seconds',
  sec: 'seconds',
  w: 'watts',
  c: 'celsius',
  mhz: 'megahertz',
};

/** The unit a name implies when no `[unit]` suffix says it. */
function unitFromKey(key: string, fallback: string | undefined): string {
  if (/_ms$|_ms[._]|milliseconds/.test(key)) return 'milliseconds';
  if (/bytes/.test(key)) return 'bytes';
  if (/_mib$|_mb$/.test(key)) return 'mebibytes';
  if (/_gib$|_gb$/.test(key)) return 'gibibytes';
  if (/percent|_pct$|_%/.test(key)) return 'percent';
  return fallback ?? '';
}

/** Classify a metric by its header alone. */
export function defaultClass(header: string): MetricClass {
  const key = metricKey(header);
  const written = headerUnit(header).toLowerCase();
  const unitFromHeader = written ? (ownValue(UNIT_ALIASES, written) ?? written) : '';
  const rule = RULES.find((r) => r.test.test(key));
  const base = rule?.class ?? gauge();
  const unit = unitFromHeader || unitFromKey(`${key}${/\(ms\)/i.test(header) ? '_ms' : ''}`, base.unit);
  return { kind: base.kind, direction: base.direction, gate: base.gate, minEffect: base.minEffect, unit };
}
