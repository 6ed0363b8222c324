/**
 * Several ranks' tables read as one job's table, streamed: a k-way merge by step. Each step's row holds
 * every column any rank logged, each combined from the ranks that logged it at that step by what the
 * metric means (combine.ts). An explicit NaN on any rank is a NaN of the job: the job's loss is broken
 * when one rank's is. Memory is bounded by one batch per rank, whatever the job's length.
 *
 * With two ranks or more and a step timer, the job gets one more column, `rank_imbalance`: per step, the
 * slowest rank's step time over the median rank's (1 when balanced). It is summarised, emitted and gated
 * like any other window metric. Per rank, the step timer's steady state and its ratio to the median at
 * each step are kept on the side, to name the straggler and the stalls once the table is drained
 * (stragglers.ts).
 */
import { RANK_FIELD } from '../ingest/index.js';
import type { Batch, MetricClass, RanksSummary, Table } from '../model.js';
import { metricKey } from '../naming.js';
import { MetricAccumulator } from '../summarize/metric-accumulator.js';
import type { SummarySettings } from '../summarize/settings.js';
import { StepCurveBuilder } from '../summarize/step-curve.js';
import { combineRanks, type RankCombine, rankCombine } from './combine.js';
import { RATIO_BUCKETS, type RankTrack, ranksSummary } from './stragglers.js';

/** The job's imbalance column. */
export const RANK_IMBALANCE = 'rank_imbalance';

/** A step's imbalance, max(t) / median(t) over the ranks' step times t; NaN unless the median is above 0. */
export function rankImbalance(max: number, median: number): number {
  return median > 0 ? max / median : Number.NaN;
}
const BATCH_ROWS = 4096;

export interface RankTable {
  rank: string;
  table: Table;
}

export interface MergeSettings {
  classify: (name: string) => MetricClass;
  summary: Pick<SummarySettings, 'lossEvery' | 'lossMaxPoints' | 'maxWindows' | 'warmupSteps'>;
}

export interface MergedJob {
  table: Table;
  /** Per rank, the straggler and the stalls: complete once the table's batches are drained. */
  ranks: () => RanksSummary;
}

/** The step timer ranks are compared by: the first gated timer, one named for the step before others. */
export function stepTimerColumn(columns: readonly string[], classes: readonly MetricClass[]): number {
  const timers = columns.map((_, c) => c).filter((c) => classes[c]!.kind === 'timer' && classes[c]!.gate);
  const named = timers.find((c) => /step|iter|batch/.test(metricKey(columns[c]!)));
  return named ?? timers[0] ?? -1;
}

class Cursor {
  batch: Batch | null = null;
  pos = 0;
  done = false;
  /** Per column of the rank's table: the job's column, or −1. */
  readonly into: Int32Array;
  /** Per column: the next entry of the batch's nanTokens to look at. */
  readonly tokenAt: Int32Array;
  private readonly it: AsyncIterator<Batch>;

  constructor(
    readonly index: number,
    readonly table: Table,
    jobColumn: Map<string, number>,
  ) {
    this.into = Int32Array.from(table.columns, (name) => jobColumn.get(name) ?? -1);
    this.tokenAt = new Int32Array(table.columns.length);
    this.it = table.batches[Symbol.asyncIterator]();
  }

  get step(): number {
    return this.batch!.steps[this.pos]!;
  }

  /** Up to the next row, loading batches as needed (empty ones skipped). */
  async fill(): Promise<void> {
    while (!this.done && (this.batch === null || this.pos >= this.batch.steps.length)) {
      const next = await this.it.next();
      if (next.done) {
        this.done = true;
        this.batch = null;
      } else {
        this.batch = next.value;
        this.pos = 0;
        this.tokenAt.fill(0);
      }
    }
  }

  /** Whether the current row's cell of column `c` held an explicit NaN token. */
  token(c: number): boolean {
    const list = this.batch!.nanTokens?.[c];
    if (!list) return false;
    let k = this.tokenAt[c]!;
    while (k < list.length && list[k]! < this.pos) k++;
    this.tokenAt[c] = k;
    return list[k] === this.pos;
  }
}

export function mergeRankTables(source: string, ranks: readonly RankTable[], settings: MergeSettings): MergedJob {
  const jobColumn = new Map<string, number>();
  for (const { table } of ranks)
    for (const name of table.columns)
      if (!RANK_FIELD.test(name) && !jobColumn.has(name)) jobColumn.set(name, jobColumn.size);
  const data = [...jobColumn.keys()];
  const classes = data.map((name) => settings.classify(name));
  const how: RankCombine[] = data.map((name, m) => rankCombine(name, classes[m]!));
  const timer = stepTimerColumn(data, classes);
  const imbalance = timer >= 0 && ranks.length >= 2 && !jobColumn.has(RANK_IMBALANCE);
  const columns = imbalance ? [...data, RANK_IMBALANCE] : data;
  const tracks: RankTrack[] = ranks.map(({ rank, table }) => ({
    rank,
    source: table.source,
    rows: 0,
    firstStep: Number.NaN,
    lastStep: Number.NaN,
    stepTime: timer >= 0 ? new MetricAccumulator(data[timer]!, classes[timer]!, settings.summary) : null,
    ratio: new StepCurveBuilder(RATIO_BUCKETS),
  }));
  const warnings: string[] = [];
  const truncated = { value: false };
  const crash: { at: string | null } = { at: null };
  const expected = ranks.map((r) => r.table.expectedSteps).filter((n): n is number => n !== undefined);

  async function* batches(): AsyncGenerator<Batch> {
    const K = ranks.length;
    const M = data.length;
    const cursors = ranks.map(({ table }, r) => new Cursor(r, table, jobColumn));
    for (const c of cursors) await c.fill();
    const cells = new Float64Array(M * K);
    const tokenRow = new Uint8Array(M);
    const times = ranks.map(() => new Float64Array(BATCH_ROWS));
    const ratios = ranks.map(() => new Float64Array(BATCH_ROWS));
    const present = new Float64Array(K);
    let out = newBatch(columns.length);
    let row = 0;
    const flush = (): Batch => {
      const steps = out.steps.slice(0, row);
      const batch: Batch = {
        steps,
        values: out.values.map((v) => v.slice(0, row)),
        ...(out.nanTokens.some((t) => t.length)
          ? { nanTokens: out.nanTokens.map((t) => (t.length ? t : undefined)) }
          : {}),
      };
      tracks.forEach((t, r) => {
        t.stepTime?.addColumn(steps, times[r]!.subarray(0, row));
        t.ratio.addColumn(steps, ratios[r]!.subarray(0, row));
      });
      out = newBatch(columns.length);
      row = 0;
      return batch;
    };
    for (;;) {
      let step = Number.POSITIVE_INFINITY;
      for (const c of cursors) if (!c.done && c.step < step) step = c.step;
      if (step === Number.POSITIVE_INFINITY) break;
      cells.fill(Number.NaN);
      tokenRow.fill(0);
      for (const c of cursors) {
        if (c.done || c.step !== step) continue;
        const b = c.batch!;
        for (let col = 0; col < c.into.length; col++) {
          const m = c.into[col]!;
          if (m < 0) continue;
          cells[m * K + c.index] = b.values[col]![c.pos]!;
          if (c.token(col)) tokenRow[m] = 1;
        }
        const t = tracks[c.index]!;
        t.rows++;
        if (Number.isNaN(t.firstStep)) t.firstStep = step;
        t.lastStep = step;
        c.pos++;
        if (c.pos >= b.steps.length) await c.fill();
      }
      out.steps[row] = step;
      for (let m = 0; m < M; m++) {
        if (tokenRow[m]) {
          out.values[m]![row] = Number.NaN;
          out.nanTokens[m]!.push(row);
        } else out.values[m]![row] = combineRanks(how[m]!, cells, K, m * K);
      }
      if (timer >= 0) {
        let n = 0;
        for (let r = 0; r < K; r++) {
          const v = cells[timer * K + r]!;
          times[r]![row] = v;
          if (Number.isFinite(v)) present[n++] = v;
        }
        const median = n >= 2 ? medianOf(present.subarray(0, n)) : Number.NaN;
        let max = Number.NEGATIVE_INFINITY;
        for (let i = 0; i < n; i++) if (present[i]! > max) max = present[i]!;
        for (let r = 0; r < K; r++) ratios[r]![row] = median > 0 ? cells[timer * K + r]! / median : Number.NaN;
        if (imbalance) out.values[M]![row] = rankImbalance(max, median);
      }
      row++;
      if (row === BATCH_ROWS) yield flush();
    }
    if (row) yield flush();
    for (const { table } of ranks) {
      warnings.push(...table.warnings);
      if (table.truncated.value) truncated.value = true;
      crash.at ??= table.crash?.at ?? null;
    }
  }

  const table: Table = {
    source,
    columns,
    stepColumn: ranks[0]?.table.stepColumn ?? null,
    batches: { [Symbol.asyncIterator]: () => batches() },
    warnings,
    truncated,
    crash,
    ...(expected.length ? { expectedSteps: Math.max(...expected) } : {}),
  };
  return { table, ranks: () => ranksSummary(timer >= 0 ? data[timer]! : null, tracks) };
}

interface OutBatch {
  steps: Float64Array;
  values: Float64Array[];
  nanTokens: number[][];
}

function newBatch(columns: number): OutBatch {
  return {
    steps: new Float64Array(BATCH_ROWS),
    values: Array.from({ length: columns }, () => new Float64Array(BATCH_ROWS)),
    nanTokens: Array.from({ length: columns }, () => []),
  };
}

/** Median of a few values, sorted in place. */
function medianOf(values: Float64Array): number {
  values.sort();
  const n = values.length;
  return n % 2 ? values[(n - 1) / 2]! : (values[n / 2 - 1]! + values[n / 2]!) / 2;
}
