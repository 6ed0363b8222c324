/**
 * Default classification by metric name: one ordered table of rules, the first that matches wins, each
 * with the reason it is there (docs/gate.md lists them; `classRule` says which one a name took). Order
 * matters: counters and totals are recognised before rates, so `consumed_tokens` is never mistaken for
 * throughput and `train_runtime` never for a step timer; losses before quality metrics, so `eval_loss`
 * stays a loss; rates whose name holds a time word (`time/fps`) before timers.
 *
 * A Lightning-style aggregation suffix (`train_loss_epoch`, `val_acc_step`: the metric logged per epoch
 * or per step) is the metric's, not a counter: the name without it is classified first.
 */
import type { MetricClass } from '../model.js';
import { headerUnit, metricKey } from '../naming.js';
import { ownValue } from '../own-keys.js';

type BaseClass = Omit<MetricClass, 'unit'> & { unit?: string };

export interface ClassRuleEntry {
  /** A short name for the rule, as the real-files listing and docs/gate.md name it. */
  id: string;
  test: RegExp;
  class: BaseClass;
  /** Why names that match are this class, in words a user can check a name against. */
  reason: string;
  /** What the rule matches, for docs/gate.md, where its pattern is too long to read. */
  shown?: string;
}

const gauge = (): BaseClass => ({ kind: 'gauge', direction: 'none', gate: false, minEffect: 0 });

/** A model-quality metric, judged like a loss (its final window, the curve like for like) in its direction. */
const quality = (direction: 'higher' | 'lower'): BaseClass => ({
  kind: 'quality',
  direction,
  gate: true,
  minEffect: 0.01,
});

/** Names of rates, which a counter word inside (`total_tokens_per_sec`: summed over GPUs) does not make counters. */
const NOT_RATE = '(?!.*(per_s|_ps$|_tps$|tokens_s$|per_step|per_iter|per_gpu))';

/**
 * A counter word as a name part, in a name that is neither a loss, a rate nor a return (`total_reward`
 * and `cumulative_reward` are an episode's return).
 */
const COUNTER_NAME = new RegExp(
  `^${NOT_RATE}(?!.*(loss|perplexity|ppl|reward|return))(.*[._/])?(total|cumulative|cum|accumulated|consumed)([._/]|$)`,
);

/** A spread or an extreme of a metric over a batch or an episode (`reward_std`, `MaxEpRet`): not its level. */
const SPREAD = /(^|[._])(std|stdev|stddev|var|variance|min|max)($|[._])|^(std|min|max)(ep|test)/;

/**
 * Quality metrics where higher is better. Keys are lower case with `_` for anything but letters, digits
 * and dots (`metrics/mAP50(B)` → `metrics_map50_b`, `acc@1` → `acc_1`).
 */
const HIGHER_QUALITY = new RegExp(
  [
    'accuracy',
    'accuracies',
    '(^|[._])(acc|top_?\\d+(_acc)?|acc_?\\d+)($|[._])',
    '(^|[._])(precision|recall|f1|f1_score|fbeta|f_measure|auc|auroc|roc_auc|pr_auc|average_precision)($|[._])',
    // mAP and AP with any IoU or size suffix: map, map50, map50_95, ap50, aps, bbox_map_75, coco_bbox_map.
    '(^|[._])m?ap(\\d+(_\\d+)?)?[sml]?($|[._])',
    '(^|[._])(m?iou|mean_iou|dice|jaccard)($|[._])',
    // Average recall at k detections (COCO's AR@100, `ar_100`).
    '(^|[._])m?ar(_\\d+)?($|[._])',
    '(^|[._])(sacre)?bleu|(^|[._])rouge|(^|[._])(meteor|chrf|exact_match|em|psnr|ssim|ndcg|mrr|r2)($|[._])',
    '(^|[._])pass(_at)?_(\\d+|k)($|[._])',
    // Episode returns: reward, ep_rew_mean (Stable-Baselines3), eprewmean (OpenAI baselines), AverageEpRet
    // (Spinning Up), and success rates.
    '(^|[._])(rewards?|returns?|ep_?rew(ard)?(_mean)?|eprewmean|episode_(reward|return)s?)($|[._])',
    '^(average|avg|mean)?(test)?_?epret$',
    '(^|[._])(success|success_rate|is_success)($|[._])',
    // A bare `score` is no quality (AlgoPerf's is its accumulated submission time); `eval_score`,
    // `f1_score` and `bleu_score` are.
    '[._]score($|[._])',
  ].join('|'),
);

/**
 * Quality metrics where lower is better: error rates and distances to the reference. A `mean_error` is a
 * signed bias, better near zero than low, so it is left out.
 */
const LOWER_QUALITY =
  /(^|[._])(wer|cer|ter|(?<!mean_)error|error_rate|err|top\d+_err|fid|mae|mse|rmse|rmspe|mape|msle|mean_(absolute|squared)_error)($|[._])/;

/** A pattern for keys that match both `a` and `b`. */
function both(a: RegExp, b: RegExp): RegExp {
  return new RegExp(`^(?=.*(?:${a.source}))(?=.*(?:${b.source}))`);
}

/** Rules over the metric key (`metricKey(header)`: lower case, `_` separated, dots kept), first match wins. */
export const RULES: ClassRuleEntry[] = [
  {
    id: 'rank-imbalance',
    test: /(^|[._])rank_imbalance$/,
    class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.02 },
    reason: "a multi-rank job's slowest rank over its median rank, per step: 1 when balanced",
  },
  {
    id: 'progress',
    test: /(^|[._])(percentage|progress|percent_done|pct_done)$/,
    class: { kind: 'ignore', direction: 'none', gate: false, minEffect: 0 },
    reason: "how far the run has got (LLaMA-Factory's percentage): bookkeeping, never sent as a metric",
  },
  {
    id: 'bookkeeping',
    test: /(^|[._])(epoch|epochs|timestamp|wall_?clock|date|walltime)$/,
    class: gauge(),
    reason: 'bookkeeping: where the run is, not how well it runs',
  },
  {
    id: 'optimiser-setting',
    test: /(learning_rate|(^|[._])lr($|[._])|lr_scale|weight_decay|momentum|ent_coef|clip_range|clip_fraction)/,
    class: gauge(),
    reason: 'optimiser settings and schedules: set by the config, not measured',
  },
  {
    id: 'optimiser-diagnostic',
    test: /(grad_norm|gradient_norm|num_zeros|params_norm|loss_scale|approx_kl|explained_variance|(^|[._])kl($|[._]))/,
    class: gauge(),
    reason: "the optimiser's own diagnostics: large or small is not better or worse",
  },
  {
    id: 'telemetry',
    test: /(^|[._])(clk|clock|clocks|voltage|temp|temperature|hotspot|fan|ecc|errors|retired_pages|remapped_rows)($|[._])/,
    class: gauge(),
    reason:
      'hardware telemetry that names memory without being memory use: clocks, voltages, temperatures, error counts',
  },
  {
    id: 'work-count',
    test: new RegExp(
      `^${NOT_RATE}.*((^|[._])(consumed|total|num|n)_(tokens|samples|steps|examples|flos|timesteps|episodes|updates)|(^|[._])(tokens|samples)_(seen|consumed|processed)$|total_flos$|(^|[._])(tokens|samples|examples|timesteps|episodes|iterations|n_updates|steps_done)$)`,
    ),
    class: gauge(),
    reason: 'counts of work done: tokens, samples, timesteps, episodes, updates',
  },
  {
    id: 'elapsed',
    test: /(runtime|wall_time|total_time|elapsed_time$|time_elapsed)/,
    class: { ...gauge(), unit: 'seconds' },
    reason: 'time since the start: grows with the run, whatever its speed',
  },
  {
    id: 'countdown',
    test: /(^|[._])(eta|time_remaining|remaining_time|time_left)($|[._])/,
    class: { ...gauge(), unit: 'seconds' },
    reason: 'a countdown to the end: falls as the run goes on, whatever its speed',
  },
  {
    id: 'running-total',
    test: COUNTER_NAME,
    class: gauge(),
    reason:
      'named running totals (total, cumulative, cum, accumulated, consumed): not rates; the values get a second say',
  },
  {
    id: 'loss-change',
    test: /(^|[._])delta_?loss/,
    class: gauge(),
    reason: "a loss's change between updates (Spinning Up's DeltaLossPi): signed, not a level to judge",
  },
  {
    id: 'loss',
    test: /(loss|perplexity|(^|[._])(ppl|nll)($|[._]))/,
    class: { kind: 'loss', direction: 'lower', gate: true, minEffect: 0.01 },
    reason: 'loss and perplexity, train or eval: sampled every N steps, lower is better',
  },
  {
    id: 'quality-spread',
    test: both(SPREAD, new RegExp(`${LOWER_QUALITY.source}|${HIGHER_QUALITY.source}`)),
    class: gauge(),
    reason: 'a spread or an extreme of a quality metric over a batch or an episode (std, var, min, max): not its level',
    shown:
      'a name the quality rules below match with a part std, stdev, stddev, var, variance, min or max, or StdEpRet, MinEpRet, MaxEpRet',
  },
  {
    id: 'dpo-answer-reward',
    test: /(^|[._])rewards_(chosen|rejected)($|[._])/,
    class: gauge(),
    reason: "DPO's rewards of the chosen and the rejected answers: both may fall while the margin grows",
  },
  {
    id: 'per-class',
    test: /(^|[._])(m?ap\d*|acc|accuracy|iou)_(?!\d)[a-z][a-z_ ]+$/,
    class: gauge(),
    reason: "a per-class breakdown (detectron2's AP-<class>): the overall metric beside it is the one judged",
  },
  {
    id: 'rate-per-second',
    test: /(^|[._])fps$|frames_per_s|(^|[._])(it|iters?|steps|samples|sequences|images|img)_(s|per_s|per_sec|per_second|sec)$/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
    reason:
      'rates per second whose name holds a time word (fps, it/s, samples_per_second): throughput, higher is better',
  },
  {
    id: 'quality-lower',
    test: LOWER_QUALITY,
    class: quality('lower'),
    reason: 'error rates and distances (WER, CER, error, FID, MAE, RMSE): model quality, lower is better',
  },
  {
    id: 'quality-higher',
    test: HIGHER_QUALITY,
    class: quality('higher'),
    reason:
      'model quality (accuracy, top-k, precision, recall, F1, AUC, mAP/AP, IoU, Dice, BLEU, ROUGE, exact match, pass@k, reward, return, success rate, score): higher is better',
  },
  {
    id: 'mfu',
    test: /(^|[._])mfu($|[._])|model_flops_util|hfu/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'ratio' },
    reason: 'model FLOPs utilisation: higher is better, judged over step windows',
  },
  {
    id: 'tflops',
    test: /tflops|tflop_s|flops_per_s/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'tflops' },
    reason: 'TFLOP/s: throughput, higher is better',
  },
  {
    id: 'throughput',
    test: /(throughput|tokens_per_s|tokens_per_second|tok_s|tok_per_s|tokens_s$|(^|[._])tps($|[._])|tps$|samples_per_s|samples_per_second|sequences_per_s|it_s$|steps_per_s)/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02, unit: 'per_second' },
    reason: 'throughput (tokens, samples, steps per second): higher is better',
  },
  {
    id: 'utilisation',
    test: /(^|[._])(gpu_)?(util|utilization|utilisation)($|[._])/,
    class: { kind: 'window', direction: 'higher', gate: true, minEffect: 0.02 },
    reason:
      'a utilisation (GPU utilization, a share in use or TFLOP/s per GPU as Megatron-Bridge logs it): higher is better; the values say which',
  },
  {
    id: 'memory',
    test: /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])/,
    class: { kind: 'window', direction: 'lower', gate: true, minEffect: 0.03 },
    reason: 'memory use: lower is better; peaks matter most',
  },
  {
    id: 'timer',
    test: /(step_time|iteration_time|iter_time|time_per_(step|iteration|iter)|elapsed_time_per_iteration|batch_time|(^|[._])(time|duration|latency)($|[._])|_time$|_ms$|_sec$|_seconds$)/,
    class: { kind: 'timer', direction: 'lower', gate: true, minEffect: 0.02, unit: 'seconds' },
    reason: 'timers (step time, latency, duration): warm-up skipped, lower is better; seconds unless the name says',
  },
];

/** What no rule matched: reported as its last value, never judged. */
const NO_RULE = 'no rule matched: a gauge, reported as its last value and never judged';

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

/** Whether a name or header states a time unit, so a timer's seconds are not an assumption. */
export function statesTimeUnit(header: string): boolean {
  if (headerUnit(header)) return true;
  return /(^|[._])(ms|s|sec|secs|seconds|us|ns|min|mins|minutes|hours?|h)($|[._])|milliseconds|microseconds|seconds/.test(
    metricKey(header),
  );
}

/** A Lightning aggregation suffix (`_epoch`, `_step`) on a metric name, never on `per_step` or a bare word. */
const AGGREGATION_SUFFIX = /^(.*[^_.])(?<!per)[._](epoch|step)$/;

/** A series named by the axis it is drawn against (Keras 3's `evaluation_loss_vs_iterations`): the metric is what comes before. */
const PLOT_AXIS_SUFFIX = /^(.*[^_.])_vs_(iterations?|steps?|epochs?|samples|tokens|time)$/;

/** The rule a key takes, the suffix-less name first; null where none matches. */
function ruleFor(named: string): ClassRuleEntry | null {
  const key = PLOT_AXIS_SUFFIX.exec(named)?.[1] ?? named;
  const stem = AGGREGATION_SUFFIX.exec(key)?.[1];
  const byStem = stem ? RULES.find((r) => r.test.test(stem)) : undefined;
  if (byStem) return byStem;
  return RULES.find((r) => r.test.test(key)) ?? null;
}

/** Which rule classified a header, and why (docs/gate.md lists every rule). */
export function classRule(header: string): { id: string; reason: string } {
  return ruleFor(metricKey(header)) ?? { id: 'none', reason: NO_RULE };
}

/** Classify a metric by its header alone. */
export function defaultClass(header: string): MetricClass {
  const key = metricKey(header);
  const written = headerUnit(header).toLowerCase();
  const unitFromHeader = written ? (ownValue(UNIT_ALIASES, written) ?? written) : '';
  const base = ruleFor(key)?.class ?? gauge();
  const unit = unitFromHeader || unitFromKey(`${key}${/\(ms\)/i.test(header) ? '_ms' : ''}`, base.unit);
  return { kind: base.kind, direction: base.direction, gate: base.gate, minEffect: base.minEffect, unit };
}
