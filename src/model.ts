/**
 * The plain data that flows between the pipeline's stages:
 * ingest → classify → summarize → gate → report, with sinks and stores at the edges, and the history
 * record a run leaves for the gate to judge later ones by (the store keeps them; src/store/history.ts).
 * Nothing here does I/O; every stage takes and returns these shapes.
 */

// ───────────────────────────── ingest ─────────────────────────────

/**
 * One batch of rows from a metrics table, column-major.
 * `steps[i]` is the training step of row i; `values[c][i]` the value of column c in that row.
 * A missing cell is NaN. A cell that held an explicit NaN token (`nan`, `NaN`) is NaN too and its
 * row offset is listed in `nanTokens[c]`, so a NaN loss can be told from a cell that was simply empty.
 */
export interface Batch {
  /** The rows' steps, strictly increasing (within a batch and from one batch to the next). */
  steps: Float64Array;
  values: Float64Array[];
  /** Per column, the row offsets (within this batch) whose cell was an explicit NaN token; absent when none. */
  nanTokens?: (number[] | undefined)[];
}

/** A metrics table being read: the header is known up front, rows arrive in batches (streamed, bounded memory). */
export interface Table {
  /** Path of the file, for messages. */
  source: string;
  /** Metric columns in file order (the step column and text columns are not among them), names as written. */
  columns: string[];
  /** The column the steps came from, or null when rows are numbered by their index. */
  stepColumn: string | null;
  /** Rows in step order with restarts resolved (a repeated or earlier step replaces what came before it). */
  batches: AsyncIterable<Batch>;
  /** Non-fatal findings (truncated last line, text columns skipped, restarts); complete once `batches` is drained. */
  warnings: string[];
  /** True when the file ended inside a row (a file still being written); complete once `batches` is drained. */
  truncated: { value: boolean };
  /**
   * `file:line` of a Python traceback written into the file (the training crashed and its error went to
   * the same file), or null; complete once `batches` is drained. Readers that cannot hold one leave it out.
   */
  crash?: { at: string | null };
  /** The steps the run was to take, when the file says so (LLaMA-Factory's `total_steps`). */
  expectedSteps?: number;
  /** Tags the file itself names (a monitor file's `env_id`); a manifest's own tags win over them. */
  tags?: Record<string, string>;
}

/** A stretch of wall-clock time, ms since the epoch, both ends included. */
export interface TimeRange {
  start: number;
  end: number;
}

/** One run to process: a table plus who it is. */
export interface RunInput {
  /** Run name (manifest `name`, or the file's base name). */
  name: string;
  /** Experiment the run belongs to (history is kept per experiment). */
  experiment: string;
  /** Tags from the manifest's config (already bounded and sanitised). */
  tags: Record<string, string>;
  /** Hardware/config fingerprint inputs (GPU type, world size, config); runs with different ones are never compared. */
  fingerprint: Record<string, string>;
  /** Wall-clock duration of the run in seconds when the manifest or file says so. */
  durationSeconds?: number;
  /** When the run started and ended (ms since the epoch), when the manifest says so: joins a GPU capture by time. */
  timeRange?: TimeRange;
  table: Table;
  /** A multi-rank job's per-rank account, complete once `table` is drained (src/ranks/). */
  ranks?: () => RanksSummary;
}

// ───────────────────────────── classify ─────────────────────────────

/**
 * `loss`: a training or eval loss; `quality`: a model-quality metric (accuracy, mAP, WER, reward), higher or
 * lower better by its name. Both are sampled (an eval every N steps) and judged by their final window.
 */
export type MetricKind = 'loss' | 'quality' | 'timer' | 'window' | 'gauge' | 'ignore';

/** Every kind, in the order the config and the stores name them. */
export const METRIC_KINDS: readonly MetricKind[] = ['loss', 'quality', 'timer', 'window', 'gauge', 'ignore'];

/**
 * Kinds judged by their final window (the median of the values in the last 25 % of their own steps) and
 * kept as sampled points, as a loss is: an eval metric is logged a few times a run, its last evals matter.
 */
export function judgedAtEnd(kind: MetricKind): boolean {
  return kind === 'loss' || kind === 'quality';
}
/** Which way is better; `none` for metrics that are reported but never judged (learning rate, counters). */
export type Direction = 'higher' | 'lower' | 'none';

export interface MetricClass {
  kind: MetricKind;
  direction: Direction;
  /** Unit as understood from the name or config: ratio, percent, seconds, milliseconds, bytes, mebibytes, tflops, tokens_per_second, count, or ''. */
  unit: string;
  /** Whether the gate judges this metric. */
  gate: boolean;
  /** Smallest relative change that matters in practice (0.02 = 2 %); below it a change is never a regression. */
  minEffect: number;
}

// ───────────────────────────── summarize ─────────────────────────────

/**
 * A bucket of consecutive steps, inclusive bounds. `quantiles` are the values at WINDOW_QUANTILES.
 * The last window ends at the run's last step, and holds at least half a window's width of steps (a
 * shorter one is joined to the window before it).
 */
export interface StepWindow {
  from: number;
  to: number;
  count: number;
  /** At WINDOW_QUANTILES' levels. */
  quantiles: number[];
  /**
   * A window of at most WINDOW_QUANTILES.length values: the values themselves, exactly as logged, in
   * ascending order, since a few quantiles of a few values repeat some and leave others out.
   */
  values?: number[];
}

/**
 * Quantile levels kept per window; emission sends one histogram value per level, each at a rate whose
 * inverse is its integer share of the count (src/sinks/statsd/exact-rates.ts).
 */
export const WINDOW_QUANTILES = [0.1, 0.25, 0.5, 0.75, 0.9] as const;

/** Robust run-level numbers over the steady state (after warm-up). */
export interface SteadyState {
  median: number;
  p10: number;
  p90: number;
  mean: number;
  /** Robust standard deviation: IQR / 1.349. */
  spread: number;
  n: number;
  /** First step counted as steady state: the metric's first finite step + warm-up. */
  fromStep: number;
  /**
   * True when the metric has no value after its warm-up (a run shorter than `warmup_steps`): the numbers
   * are over every value instead, and `fromStep` is its first step.
   */
  warmupIncluded?: true;
}

/** The final window of a loss: its values in the last 25 % of its logged step span, and their median. */
export interface FinalWindowStat {
  /** First and last step of the values in the window. */
  from: number;
  to: number;
  /** Values the median is of. */
  count: number;
  median: number;
}

export interface LossSummary {
  /**
   * Sampled points [step, value], every `every` steps (a multiple of the configured interval, grown to
   * bound the count), then the metric's last finite point when it is off that grid.
   */
  samples: [number, number][];
  every: number;
  /**
   * The final-window median: the gate's "final loss". The last value itself is the metric's `last`, at
   * `lastStep`.
   */
  finalWindow: FinalWindowStat;
  /** Lowest value seen. */
  runningMin: number;
  /** A sustained rise far above the running minimum, if any. */
  divergence: { step: number; value: number; min: number } | null;
  /**
   * Robust noise of one point at the final window's level, in the loss's units (the divergence rule's σ);
   * absent before 3 points.
   */
  noise?: number;
}

/**
 * Means over buckets of `every` steps (a power of two): `means[k]` over the finite values logged at steps
 * in [(start + k)·every, (start + k + 1)·every), `counts[k]` of them (null and 0 where none was).
 */
export interface StepCurve {
  every: number;
  start: number;
  means: (number | null)[];
  counts: number[];
}

export interface MetricSummary {
  /** Name as written in the file. */
  name: string;
  class: MetricClass;
  /** Rows with a finite value. */
  count: number;
  /** Explicit NaN tokens in rows where other metrics had values (a real NaN, not a gap). */
  nan: number;
  inf: number;
  /** First step with a real NaN or an infinity, or null. */
  firstNonFiniteStep: number | null;
  first: number;
  /** Step of the first finite value. */
  firstStep?: number;
  /** The last finite value, and its step. */
  last: number;
  lastStep: number;
  min: number;
  max: number;
  /** Steady-state statistics for loss, timer and window metrics; null for gauges or when no value is finite. */
  steady: SteadyState | null;
  /** Bounded step windows (window and timer kinds; empty otherwise). */
  windows: StepWindow[];
  /** Loss, timer and window metrics: the curve the history keeps, to compare a shorter run over the same steps. */
  curve?: StepCurve;
  loss?: LossSummary;
}

/** One rank of a multi-rank job (src/ranks/): what its own file says. */
export interface RankStat {
  /** The rank's number as its file names it (`metrics_rank_3.csv` → "3"). */
  rank: string;
  source: string;
  rows: number;
  firstStep: number;
  lastStep: number;
  /** Steady-state median of the job's step timer in this rank's file; null without one. */
  stepTime: number | null;
  /** `stepTime` over the median rank's, minus 1 (0.15: 15 % slower); null without a step time. */
  excess: number | null;
}

/** A job whose ranks each wrote a file, read as one run: per rank, the straggler and the stalls. */
export interface RanksSummary {
  /** The step timer the ranks are compared by; null when the files have none. */
  stepTimer: string | null;
  /** In rank order. */
  ranks: RankStat[];
  /** The slowest rank, when it is at least STRAGGLER_EXCESS slower than the median rank, and from when. */
  straggler: { rank: string; excess: number; from: number } | null;
  /** Ranks whose files stopped while the others went on. */
  stalls: { rank: string; lastStep: number; othersLast: number }[];
}

export interface RunSummary {
  name: string;
  experiment: string;
  source: string;
  tags: Record<string, string>;
  fingerprint: Record<string, string>;
  /** `expected`: the steps the run was to take, when its file says so (completeness then uses it). */
  steps: { count: number; first: number; last: number; expected?: number };
  truncated: boolean;
  /** `file:line` of a Python traceback in the run's file: the training crashed (Table.crash). */
  crash?: string;
  durationSeconds?: number;
  timeRange?: TimeRange;
  warnings: string[];
  metrics: MetricSummary[];
  /** Several ranks' files read as one job (src/ranks/). */
  ranks?: RanksSummary;
}

// ───────────────────────────── gate ─────────────────────────────

export type Verdict = 'pass' | 'regression' | 'improvement' | 'insufficient-history' | 'missing';

export interface MetricVerdict {
  name: string;
  verdict: Verdict;
  direction: Direction;
  unit: string;
  /** This run's value (steady-state median, or for loss its final-window median), or null when missing. */
  current: number | null;
  /** Baseline centre and noise band half-width, over `runs` runs. */
  baseline: { centre: number; band: number; runs: number; history: number[] } | null;
  /** Relative change against the baseline centre (−0.055 = −5.5 %), or null. */
  change: number | null;
  /** One line a person understands. */
  reason: string;
  /**
   * The steps the two sides were compared over, when the run stopped early and both were taken from the
   * curves over the same steps (src/gate/curve-window.ts).
   */
  compared?: { from: number; to: number };
}

/**
 * What a run's verdict rests on: `regression` when a metric regressed; `pass` when no metric regressed
 * and at least one gated metric was judged against the history; `not-judged` when none could be (too
 * little history, no comparable runs, no gated metric at all): never a pass.
 */
export type RunVerdict = 'regression' | 'pass' | 'not-judged';

export interface GateResult {
  experiment: string;
  /** Run name. */
  name: string;
  fingerprint: string;
  regression: boolean;
  verdict: RunVerdict;
  /** Gated metrics judged against the history (a NaN or divergence counts: it fails whatever the history). */
  judged: number;
  /** Why nothing was judged, where `verdict` is `not-judged`. */
  notJudged?: string;
  run: { complete: boolean; steps: number; expectedSteps: number | null; truncated: boolean };
  metrics: MetricVerdict[];
  /** Without comparable runs: why, naming the fingerprint fields that differ from the nearest history. */
  noComparable?: string;
  /** Where a regression or an unacknowledged shift for the worse began (src/gate/culprit.ts). */
  culprit?: CulpritRange;
}

/** A recorded (or the current) run, as a culprit range names it. */
export interface RunRef {
  run: string;
  runId: string;
  sha: string;
  recordedAt: string;
}

/** The last good and the first bad run of a change for the worse, and the compare view between their commits. */
export interface CulpritRange {
  /** Metric key (`metricKey(header)`). */
  metric: string;
  /** `regression`: this run is the first bad one; `level-shift`: the history shifted for the worse earlier. */
  why: 'regression' | 'level-shift';
  good: RunRef;
  bad: RunRef;
  /** Comparable runs recorded from the first bad one on, before this run (0: this run is the first bad one). */
  runsAgo: number;
  /** `<server>/<repo>/compare/<good>...<bad>`, or null where a SHA or the repository is unknown or not valid. */
  compare: string | null;
  /** Their environments compared, where both runs recorded one (src/gate/environment-explain.ts). */
  environment?: EnvironmentExplanation;
}

/** One environment field that differs between two runs (`from`/`to` absent where a run did not record it). */
export interface EnvironmentFieldChange {
  field: string;
  from: string | undefined;
  to: string | undefined;
}

/**
 * What a change coincides with in the environment, between the last good and the first bad run (both
 * recorded one): the fields that differ (empty: the environment is unchanged, look at the code first),
 * and how many fields the first bad run has.
 */
export interface EnvironmentExplanation {
  changes: EnvironmentFieldChange[];
  fields: number;
  /** The fields compared, where they are few enough to name (a hosted runner's `os`, `arch`, `runner-image`). */
  named?: string[];
  /**
   * Where nothing changed between the two runs, the nearest change between two neighbouring runs close
   * by (a detector can place a shift a run or two off): `offset` runs from the first bad run to the run
   * the environment changed at (−1: one run before it), that run, and what changed.
   */
  near?: { offset: number; run: RunRef; changes: EnvironmentFieldChange[] };
}

// ───────────────────────────── history ─────────────────────────────

/** What a run leaves behind for one metric. */
export interface MetricRecord {
  kind: MetricKind;
  direction: Direction;
  unit: string;
  /** Steady-state median (for loss metrics too; the gate judges loss by `final`, its final-window median). */
  centre: number;
  /** Robust within-run spread (IQR / 1.349) of the steady state. */
  spread: number;
  /** Steady-state steps counted. */
  n: number;
  /** Explicit NaN and infinite values seen. */
  nonFinite: number;
  /**
   * Loss only: the final-window median (the last 25 % of the metric's logged steps; `LossSummary.finalWindow`),
   * and a few dozen [step, value] points on a shared grid.
   */
  final?: number;
  samples?: [number, number][];
  /** Bucket means over the run (src/summarize/step-curve.ts): a run that stopped early is compared over the same steps. */
  curve?: StepCurve;
  /**
   * The standard error the run's own per-step noise gives the judged value (src/gate/value-noise.ts): the
   * baseline's run-to-run spread is never taken below it.
   */
  noise?: number;
  /**
   * The gate called this metric a regression when the run was recorded (src/gate/regressed-runs.ts): such
   * a run sets neither the level nor its noise. Absent in records of `record`, which judges nothing.
   */
  regressed?: true;
}

export interface HistoryRecord {
  experiment: string;
  /** `key=value,…` of the fingerprint inputs, sorted by key; '' when there are none. */
  fingerprint: string;
  /** Run name. */
  run: string;
  /** ISO 8601 time of recording. */
  recordedAt: string;
  ref: string;
  sha: string;
  /** The workflow run id (GITHUB_RUN_ID) or the `run-id` input; '' when the run has no identity. */
  runId: string;
  /** GITHUB_REPOSITORY of the workflow run; with runId (and the run name) what makes a re-run the same run. */
  repository?: string;
  /** GITHUB_RUN_ATTEMPT: a re-run's record replaces an earlier attempt's. */
  attempt?: number;
  /** This run starts a new baseline: an intended change was acknowledged; earlier runs no longer set the level. */
  baseline: boolean;
  /** Last step reached. */
  steps: number;
  complete: boolean;
  /** Taken out of the baseline by `history quarantine` (a bad run), kept for audit: when, and why. */
  quarantined?: { at: string; reason: string };
  /** By metric key (`metricKey(header)`). */
  metrics: Record<string, MetricRecord>;
  /** The pull request a run was recorded on: kept for that PR's own trend, never part of a baseline. */
  pullRequest?: number;
  /**
   * What the run ran on, field → value (`driver`, `cuda`, `image`, `runner`, `os`, package names such as
   * `torch`): compared between the last good and the first bad run to say what a change coincides with.
   */
  environment?: Record<string, string>;
}

/** `gpu=H100,world_size=8` → its fields (values may hold `=`; fields are split on `,` before a key). */
export function fingerprintFields(key: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of key.split(/,(?=[^,=]+=)/)) {
    if (!part) continue;
    const i = part.indexOf('=');
    out.set(i < 0 ? part : part.slice(0, i), i < 0 ? '' : part.slice(i + 1));
  }
  return out;
}

/** `gpu=H100,world_size=64`: the fingerprint inputs as one comparable string. */
export function fingerprintKey(fingerprint: Record<string, string>): string {
  return Object.keys(fingerprint)
    .sort()
    .map((k) => `${k}=${fingerprint[k]}`)
    .join(',');
}

// ───────────────────────────── errors ─────────────────────────────

/**
 * A problem with the user's input. Shown as one line `file:line: what is wrong`, never with a stack;
 * the CLI exits 2 and the action calls setFailed.
 */
export class InputError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
    this.name = 'InputError';
  }
}

/** 1-based line of a character offset in `text`, for an InputError's line. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
