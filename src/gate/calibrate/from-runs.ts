/**
 * A/A runs read for calibration: each summarised as `check` would, its gated window and timer metrics'
 * per-step series kept on the way (stepSeries' batches, fed by the same pass), the warm-up found from
 * them, and the runs summarised again with that warm-up when it differs from the configured one, so the
 * noise is measured on the values the fragment's `warmup_steps` will give.
 */
import { classify } from '../../classify/index.js';
import type { Config } from '../../config/index.js';
import type { Batch, HistoryRecord, RunInput, RunSummary, Table } from '../../model.js';
import { metricKey } from '../../naming.js';
import { summarizeRun } from '../../summarize/index.js';
import { recordFromSummary } from '../record.js';
import { StepBatches, type Batches } from './step-batches.js';
import { brokenRunProblem, type JudgedClass } from './measured-noise.js';
import { metricWarmup } from './warmup.js';
import type { Unjudged } from './calibrate.js';

/** Opens a run afresh on each call: the runs may be read twice. */
export type RunOpener = () => Promise<RunInput>;

export interface CalibrationRuns {
  records: HistoryRecord[];
  classes: Map<string, JudgedClass>;
  /** Warm-up per metric key, in steps. */
  warmup: Map<string, number>;
  /** Why no warm-up was found, when none was. */
  warmupWhy: string;
  /** The runs' metrics the gate does not judge, with why. */
  unjudged: Unjudged[];
}

type Settings = Pick<Config, 'rules' | 'summary'>;

export async function readCalibrationRuns(runs: readonly RunOpener[], config: Settings): Promise<CalibrationRuns> {
  const first = [];
  for (const open of runs) first.push(await summarizeWithSeries(await open(), config));
  const warmup = new Map<string, number>();
  for (const key of new Set(first.flatMap((r) => [...r.series.keys()]))) {
    const w = metricWarmup(first.flatMap((r) => r.series.get(key) ?? []));
    if (w !== null) warmup.set(key, w);
  }
  const warmupSteps = Math.max(0, ...warmup.values());
  let summaries = first.map((r) => r.summary);
  if (warmup.size && warmupSteps !== config.summary.warmupSteps) {
    const again = { ...config, summary: { ...config.summary, warmupSteps } };
    summaries = [];
    for (const open of runs) summaries.push(await summarizeRun(await open(), again));
  }
  const classes = new Map<string, JudgedClass>();
  const unjudged = new Map<string, string>();
  for (const s of summaries) {
    const broken = brokenRunProblem(s);
    if (broken) throw broken;
    for (const m of s.metrics) {
      const key = metricKey(m.name);
      if (gated(m.class) && !classes.has(key)) classes.set(key, m.class);
      else if (!gated(m.class) && !unjudged.has(key)) unjudged.set(key, whyNotJudged(m.class));
    }
  }
  for (const key of classes.keys()) unjudged.delete(key);
  const records = summaries.map((s) =>
    recordFromSummary(s, { recordedAt: '', ref: '', sha: '', runId: '', baseline: false, complete: true }),
  );
  return {
    records,
    classes,
    warmup,
    warmupWhy: warmupWhy(first.map((r) => r.series)),
    unjudged: [...unjudged].map(([key, why]) => ({ key, why })),
  };
}

/** Why a metric of the runs is not judged, in the words a config rule would change. */
export function whyNotJudged(cls: RunSummary['metrics'][number]['class']): string {
  if (cls.kind === 'ignore') return 'its class is ignore';
  if (cls.direction === 'none')
    return 'neither higher nor lower is better by its name or rule (a gauge); a metrics rule with a direction gates it';
  return 'its rule says gate: false';
}

/** Why no warm-up was found from the runs' series. */
function warmupWhy(series: readonly Map<string, Batches>[]): string {
  if (series.every((s) => s.size === 0)) return 'the runs have no gated window or timer metric to find it from';
  return 'the per-step series are too short to tell (MSER needs at least 4 values)';
}

function gated(cls: RunSummary['metrics'][number]['class']): cls is JudgedClass & { gate: boolean } {
  return cls.gate && cls.kind !== 'ignore' && cls.direction !== 'none';
}

/** One pass: the summary, and the per-step series of the window and timer metrics it still judges as such. */
async function summarizeWithSeries(input: RunInput, config: Settings) {
  const columns = input.table.columns.filter((name) => {
    const cls = classify(name, config);
    return gated(cls) && (cls.kind === 'window' || cls.kind === 'timer');
  });
  const collectors = new Map(columns.map((name) => [name, new StepBatches()]));
  const summary = await summarizeRun({ ...input, table: tee(input.table, collectors) }, config);
  const series = new Map<string, Batches>();
  for (const m of summary.metrics) {
    const c = collectors.get(m.name);
    if (c && gated(m.class) && (m.class.kind === 'window' || m.class.kind === 'timer'))
      series.set(metricKey(m.name), c.result());
  }
  return { summary, series };
}

/** The table with each batch also handed, column by column, to the collectors named by header. */
function tee(table: Table, collectors: Map<string, StepBatches>): Table {
  const feeds = table.columns.map((name, c) => [collectors.get(name), c] as const).filter(([b]) => b);
  async function* batches(): AsyncGenerator<Batch> {
    for await (const batch of table.batches) {
      for (const [collector, c] of feeds) {
        const values = batch.values[c]!;
        for (let i = 0; i < values.length; i++) collector!.add(batch.steps[i]!, values[i]!);
      }
      yield batch;
    }
  }
  return { ...table, batches: batches() };
}
