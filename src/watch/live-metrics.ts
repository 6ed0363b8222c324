/**
 * The live /metrics of a watched run: its own prom-client Registry (never the global one), names and
 * labels as docs/watch.md lists them. Labels are `experiment` and `run` on every series, and `rank` only
 * when several ranks' files are watched, so one file's series stay low-cardinality. With several ranks,
 * the job's own series carry `rank="job"`: each metric's ranks' latest values combined by the rule a
 * multi-rank job's table uses (src/ranks/combine.ts: the slowest rank's step time, the largest memory,
 * the mean MFU …), and the job's `rank_imbalance`.
 *
 * Nothing is set per row nor per look: every gauge is computed from the watch state when /metrics is
 * scraped (and only when rows came since the last scrape), so a trainer writing a row at a time costs
 * what one writing many does.
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { max, median } from 'simple-statistics';
import { combineRanks, RANK_IMBALANCE, rankCombine, rankImbalance, stepTimerColumn } from '../ranks/index.js';
import type { GpuSample } from './gpu-poller.js';
import type { AbortReason } from './state/finding.js';
import type { LiveMetric } from './state/live-metric.js';
import type { LiveRank } from './state/live-rank.js';
import type { WatchState } from './state/watch-state.js';

const P = 'training_metrics_watch_';
/** The `rank` label of a multi-rank job's own series. */
export const JOB_RANK = 'job';

type Labels = Record<string, string>;

export class LiveMetrics {
  readonly registry = new Registry();
  private readonly base: Labels;
  private readonly rankLabel: string[];
  private readonly g: ReturnType<typeof makeGauges>;
  private readonly nanTotal: Counter<string>;
  /** Non-finite values already counted, by rank and metric. */
  private readonly counted = new Map<string, number>();

  constructor(
    labels: { experiment: string; run: string },
    private readonly ranked: boolean,
    private readonly state: WatchState,
  ) {
    this.base = { ...labels };
    this.rankLabel = ranked ? ['rank'] : [];
    const r = [this.registry];
    const common = ['experiment', 'run', ...this.rankLabel];
    const rows = () => this.refresh();
    this.g = makeGauges(r, common, rows, {
      sinceLastStep: () => this.collectSinceLastStep(),
      ranksActive: () => this.g.ranksActive.set(this.base, this.state.ranksActive()),
    });
    this.nanTotal = new Counter({
      name: `${P}nan_detected_total`,
      help: 'Non-finite values (nan, inf) seen in a metric column',
      labelNames: [...common, 'metric'],
      registers: r,
      collect: rows,
    });
  }

  /** Rows and restarts seen when the gauges were last set. */
  private seen = -1;

  /** Set the series that follow the rows, when rows came since they were last set (each gauge's collect calls it). */
  private refresh(): void {
    let seen = 0;
    for (const rank of this.state.ranks) seen += rank.rows + rank.restarts;
    if (seen !== this.seen) this.update();
    this.seen = seen;
  }

  /** Set the series that follow the rows from the state. */
  private update(): void {
    for (const rank of this.state.ranks) this.updateRank(rank);
    if (this.ranked && this.state.ranks.length > 1) this.updateJob();
  }

  /** At each scrape: time goes on without rows. */
  private collectSinceLastStep(): void {
    for (const rank of this.state.ranks) this.g.sinceLastStep.set(this.labelsOf(rank), rank.secondsSinceLastStep());
    if (this.ranked && this.state.ranks.length > 1) {
      const since = Math.min(...this.state.ranks.map((r) => r.secondsSinceLastStep()));
      this.g.sinceLastStep.set({ ...this.base, rank: JOB_RANK }, since);
    }
  }

  /**
   * The job's series: per metric, the ranks' latest values combined as the job's table combines a step's;
   * the job's step is the slowest rank's (where the job as a whole has got to), its rate the slowest's.
   */
  private updateJob(): void {
    const ranks = this.state.ranks;
    const labels = { ...this.base, rank: JOB_RANK };
    setFinite(this.g.step, labels, this.state.step());
    this.g.stepsPerSecond.set(labels, Math.min(...ranks.map((r) => r.stepsPerSecond())));
    const byName = new Map<string, LiveMetric[]>();
    for (const rank of ranks)
      for (const m of rank.metrics.values()) {
        const list = byName.get(m.name);
        if (list) list.push(m);
        else byName.set(m.name, [m]);
      }
    const values = new Float64Array(ranks.length);
    const combined = (
      list: LiveMetric[],
      of: (m: LiveMetric) => number,
      how = rankCombine(list[0]!.name, list[0]!.cls),
    ) => {
      list.forEach((m, i) => {
        values[i] = of(m);
      });
      return combineRanks(how, values, list.length);
    };
    for (const list of byName.values()) {
      const m = list[0]!;
      if (m.isLoss) {
        const ml = { ...labels, metric: m.name };
        setFinite(
          this.g.loss,
          ml,
          combined(list, (x) => x.last),
        );
        setFinite(
          this.g.lossSmoothed,
          ml,
          combined(list, (x) => x.smoothed),
        );
        this.g.diverged.set(ml, list.some((x) => x.diverged) ? 1 : 0);
      } else if (m.cls.kind === 'window' || m.cls.kind === 'timer') {
        setFinite(
          this.g.value,
          { ...labels, metric: m.promKey.name },
          combined(list, (x) => x.last) * m.promKey.factor,
        );
      }
    }
    const names = [...byName.keys()];
    const timer = stepTimerColumn(
      names,
      names.map((n) => byName.get(n)![0]!.cls),
    );
    if (timer >= 0) {
      const last = byName
        .get(names[timer]!)!
        .map((m) => m.last)
        .filter(Number.isFinite);
      if (last.length >= 2)
        setFinite(this.g.value, { ...labels, metric: RANK_IMBALANCE }, rankImbalance(max(last), median(last)));
    }
  }

  private labelsOf(rank: LiveRank): Labels {
    return this.ranked ? { ...this.base, rank: rank.label } : this.base;
  }

  /** The abort rules watched: each reason's gauge at 0 until the run is stopped for it. */
  watchReasons(reasons: Iterable<AbortReason>): void {
    for (const reason of reasons) this.g.aborted.set({ ...this.base, reason }, 0);
  }

  aborted(reason: AbortReason): void {
    this.g.aborted.set({ ...this.base, reason }, 1);
  }

  /** The latest nvidia-smi sample of each GPU, in base units. */
  gpu(samples: GpuSample[]): void {
    for (const s of samples) {
      const labels = { ...this.base, gpu: s.gpu };
      setFinite(this.g.gpuUtil, labels, s.utilPercent / 100);
      setFinite(this.g.gpuMem, labels, s.memUsedMiB * 1024 * 1024);
      setFinite(this.g.gpuPower, labels, s.powerW);
      setFinite(this.g.gpuTemp, labels, s.tempC);
    }
  }

  private updateRank(rank: LiveRank): void {
    const labels = this.labelsOf(rank);
    setFinite(this.g.step, labels, rank.lastStep);
    this.g.stepsPerSecond.set(labels, rank.stepsPerSecond());
    for (const m of rank.metrics.values()) {
      if (m.isLoss) {
        const ml = { ...labels, metric: m.name };
        setFinite(this.g.loss, ml, m.last);
        setFinite(this.g.lossSmoothed, ml, m.smoothed);
        this.g.diverged.set(ml, m.diverged ? 1 : 0);
      } else if (m.cls.kind === 'window' || m.cls.kind === 'timer') {
        setFinite(this.g.value, { ...labels, metric: m.promKey.name }, m.last * m.promKey.factor);
      }
      // A loss's counter is there from the start (at 0), so a dashboard's rate() has a series to work on.
      if (m.isLoss || m.nonFinite) this.countNonFinite(labels, rank.label, m.name, m.nonFinite);
    }
  }

  /** The counter follows the metric's count of non-finite values (a restart may lower that: never the counter). */
  private countNonFinite(labels: Labels, rank: string, metric: string, total: number): void {
    const key = `${rank}\u0000${metric}`;
    const before = this.counted.get(key);
    if (before === undefined || total > before) this.nanTotal.inc({ ...labels, metric }, total - (before ?? 0));
    this.counted.set(key, Math.max(total, before ?? 0));
  }
}

/** A gauge keeps its last value when the new one is NaN (a missing cell says nothing new). */
function setFinite(g: Gauge<string>, labels: Labels, value: number): void {
  if (!Number.isNaN(value)) g.set(labels, value);
}

/** The gauges; `clock` sets the ones that change with time alone, called by prom-client at each scrape. */
function makeGauges(
  registers: Registry[],
  common: string[],
  rows: () => void,
  clock: { sinceLastStep: () => void; ranksActive: () => void },
) {
  const gauge = (name: string, help: string, extra: string[] = [], labels = common, collect: () => void = rows) =>
    new Gauge({ name: `${P}${name}`, help, labelNames: [...labels, ...extra], registers, collect });
  const run = ['experiment', 'run'];
  return {
    step: gauge('step', 'Last step seen'),
    stepsPerSecond: gauge('steps_per_second', 'Steps per second over the recent steps'),
    loss: gauge('loss', 'Last loss value', ['metric']),
    lossSmoothed: gauge('loss_smoothed', 'Smoothed loss: the rolling median the divergence rule uses', ['metric']),
    value: gauge('value', "A window metric's recent value, in base units", ['metric']),
    diverged: gauge('diverged', '1 when the divergence rule holds for this loss', ['metric']),
    sinceLastStep: gauge('seconds_since_last_step', 'Seconds since the last new step', [], common, clock.sinceLastStep),
    ranksActive: gauge('ranks_active', 'Ranks that logged a new step within stall-after', [], run, clock.ranksActive),
    gpuUtil: gauge('gpu_utilization_ratio', 'GPU utilisation (nvidia-smi utilization.gpu), 0-1', ['gpu'], run),
    gpuMem: gauge('gpu_memory_used_bytes', 'GPU memory used', ['gpu'], run),
    gpuPower: gauge('gpu_power_watts', 'GPU power draw', ['gpu'], run),
    gpuTemp: gauge('gpu_temperature_celsius', 'GPU temperature', ['gpu'], run),
    aborted: gauge('aborted', '1 when watch stopped the run for this reason', ['reason'], run),
  };
}
