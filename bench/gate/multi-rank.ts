/**
 * The gate benchmark's multi-rank scenario: jobs of RANKS ranks, each rank's table simulated
 * (simulate-job.ts) and merged by mergeRankTables, summarised by summarizeRun and judged by judgeRun
 * against a history of JOB_HISTORY good jobs recorded as the other scenarios record theirs (history.ts).
 * Every job has one straggler, its rank and its level (+10 to +20 %) drawn per job, so the history holds
 * the run-to-run spread of rank_imbalance a real cluster's draw of nodes gives. Per trial, one history and,
 * judged against it, GOOD_PER_HISTORY good jobs (drawn again the same way) and one job of each other case:
 * the straggler's slowdown grown by 10 % and by 20 % of its step time, and a straggler that turns slow
 * mid-run. Measured: the share of jobs failed, and flagged on rank_imbalance, on step_time and on any other
 * metric; the share whose `ranks().straggler.rank` is the slow rank; and the error of `straggler.from` on
 * the mid-run case. A trial costs 17 jobs of 8 ranks: about a quarter of a second on one core.
 */
import { quantile } from 'simple-statistics';
import type { GateConfig } from '../../src/gate/config.js';
import { judgeRun } from '../../src/gate/judge.js';
import type { RunSummary } from '../../src/model.js';
import { metricKey } from '../../src/naming.js';
import { RANK_IMBALANCE, STRAGGLER_EXCESS } from '../../src/ranks/index.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { recordHistory } from './history.js';
import { NORMAL_RUN, Rng } from './simulate.js';
import { type JobSpec, simulateJob } from './simulate-job.js';

const RANKS = 8;
const JOB_HISTORY = 10;
/** The straggler's usual excess: uniform in [LEVEL_LOW, LEVEL_HIGH) per job. */
const LEVEL_LOW = 0.1;
const LEVEL_HIGH = 0.2;
/** The mid-run case's onset: uniform over these steps of NORMAL_RUN.steps. */
const ONSET: [number, number] = [100, 300];

interface Case {
  name: string;
  expect: 'fail' | 'pass';
  job: (usual: JobSpec, rng: Rng) => JobSpec;
  /** Jobs of this case per history (default 1). */
  perHistory?: number;
}

/** Good jobs judged against each history: more false-alarm draws for the same histories. */
const GOOD_PER_HISTORY = 4;

const CASES: Case[] = [
  { name: 'good job (straggler as usual)', expect: 'pass', job: (j) => j, perHistory: GOOD_PER_HISTORY },
  { name: "straggler's step time +10 %", expect: 'fail', job: (j) => ({ ...j, slowdown: 1.1 }) },
  { name: "straggler's step time +20 %", expect: 'fail', job: (j) => ({ ...j, slowdown: 1.2 }) },
  {
    name: `straggler slow only from step ${ONSET[0]}–${ONSET[1]} on`,
    expect: 'pass',
    job: (j, rng) => ({ ...j, slowFrom: ONSET[0] + Math.floor(rng.uniform() * (ONSET[1] - ONSET[0] + 1)) }),
  },
];

/** A job as the cluster usually gives it: one straggler, its rank and level drawn. */
function usualJob(rng: Rng): JobSpec {
  return {
    ranks: RANKS,
    steps: NORMAL_RUN.steps,
    straggler: Math.floor(rng.uniform() * RANKS),
    level: LEVEL_LOW + (LEVEL_HIGH - LEVEL_LOW) * rng.uniform(),
    slowdown: 1,
    slowFrom: 1,
  };
}

function summarize(name: string, spec: JobSpec, rng: Rng): Promise<RunSummary> {
  return summarizeRun(simulateJob(name, spec, rng), DEFAULT_CONFIG);
}

interface Tally {
  jobs: number;
  failed: number;
  /** Per metric key: jobs the gate called a regression on it. */
  flagged: Map<string, number>;
  /** Jobs flagged on a metric other than rank_imbalance. */
  otherFlagged: number;
  /**
   * Per metric key: verdicts whose baseline the gate re-levelled (a level shift taken, a run set aside as
   * an outlier), and of those the regressions.
   */
  relevelled: Map<string, { all: number; flagged: number }>;
  /** Every gated metric's key, in the order of the verdicts. */
  keys: Set<string>;
  named: number;
  /** |straggler.from − onset| per job whose straggler was named right. */
  fromErrors: number[];
}

const tally = (): Tally => ({
  jobs: 0,
  failed: 0,
  flagged: new Map(),
  otherFlagged: 0,
  relevelled: new Map(),
  keys: new Set(),
  named: 0,
  fromErrors: [],
});

/** The baseline note of a verdict says the history was split into levels or a run set aside. */
const RELEVELLED = /\((?:[^()]*; )?(?:level of \d+ runs?|\d+ outlier runs? set aside)/;

function countNamed(t: Tally, s: RunSummary, spec: JobSpec): void {
  const straggler = s.ranks?.straggler;
  t.jobs += 1;
  if (straggler?.rank !== String(spec.straggler)) return;
  t.named += 1;
  if (spec.slowFrom > 1) t.fromErrors.push(Math.abs(straggler.from - spec.slowFrom));
}

export async function multiRank(trials: number, seed: number, gate: GateConfig): Promise<string> {
  const started = performance.now();
  const history = tally();
  const cases = CASES.map(tally);
  for (let t = 0; t < trials; t++) {
    const rng = new Rng(seed * 9_000_011 + t);
    const records = await recordHistory(JOB_HISTORY, gate, async (k) => {
      const spec = usualJob(rng);
      const summary = await summarize(`h${k}`, spec, rng);
      countNamed(history, summary, spec);
      return { summary };
    });
    for (const [i, c] of CASES.entries()) {
      for (let j = 0; j < (c.perHistory ?? 1); j++) {
        const spec = c.job(usualJob(rng), rng);
        const summary = await summarize('current', spec, rng);
        const tc = cases[i]!;
        countNamed(tc, summary, spec);
        // As gateMethod judges every other scenario's runs, with the per-metric verdicts kept.
        const result = judgeRun(summary, records, gate);
        if (result.regression) tc.failed += 1;
        const keys = result.metrics.filter((v) => v.verdict === 'regression').map((v) => metricKey(v.name));
        for (const key of keys) tc.flagged.set(key, (tc.flagged.get(key) ?? 0) + 1);
        for (const v of result.metrics) {
          tc.keys.add(metricKey(v.name));
          if (!RELEVELLED.test(v.reason)) continue;
          const r = tc.relevelled.get(metricKey(v.name)) ?? { all: 0, flagged: 0 };
          r.all += 1;
          if (v.verdict === 'regression') r.flagged += 1;
          tc.relevelled.set(metricKey(v.name), r);
        }
        if (keys.some((k) => k !== RANK_IMBALANCE)) tc.otherFlagged += 1;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  for (const [i, c] of CASES.entries())
    process.stderr.write(
      `${c.name}: ${cases[i]!.failed}/${cases[i]!.jobs} failed, by metric ${JSON.stringify([...cases[i]!.flagged])}\n`,
    );

  const pct = (c: number, n: number) => `${((100 * c) / n).toFixed(1)} % (${c}/${n})`;
  const flagged = (t: Tally, key: string) => pct(t.flagged.get(key) ?? 0, t.jobs);
  const onset = (t: Tally) => {
    const e = t.fromErrors;
    if (!e.length) return '—';
    const late = e.filter((x) => x > 10).length;
    return `${quantile(e, 0.5)} / ${quantile(e, 0.9)} / ${quantile(e, 1)} steps; over 10 steps off in ${pct(late, e.length)}`;
  };
  const rows = CASES.map((c, i) => {
    const t = cases[i]!;
    return `| ${c.name} | ${c.expect === 'fail' ? 'fails' : 'passes'} | ${pct(t.failed, t.jobs)} | ${flagged(t, RANK_IMBALANCE)} | ${flagged(t, 'step_time')} | ${pct(t.otherFlagged, t.jobs)} | ${pct(t.named, t.jobs)} | ${onset(t)} |`;
  });
  const good = cases[0]!;
  const byMetric = [...good.keys].map((key) => `${key} ${flagged(good, key)}`).join(', ');
  const relevelled = [RANK_IMBALANCE, 'step_time'].map((key) => {
    const r = good.relevelled.get(key) ?? { all: 0, flagged: 0 };
    const fa = good.flagged.get(key) ?? 0;
    return `${key}: ${r.flagged} of its ${fa} false alarms, against a baseline re-levelled in ${pct(r.all, good.jobs)} of the good jobs`;
  });
  const jobs = history.jobs + cases.reduce((n, t) => n + t.jobs, 0);
  return [
    `Each job has ${RANKS} ranks, each rank's table simulated with the single-run model's AR(1) step noise and a speed factor the job's ranks share; one rank, drawn per job, is a straggler ${100 * LEVEL_LOW}–${100 * LEVEL_HIGH} % slower (drawn per job, so the history has a real run-to-run spread of rank_imbalance), MFU and TFLOP/s follow the slowest rank and the loss is all-reduced (simulate-job.ts). The ranks' tables are merged by mergeRankTables, summarised by summarizeRun and judged by judgeRun against ${JOB_HISTORY} good jobs recorded as the other scenarios record their runs; the regressions multiply the straggler's step time by 1.1 and 1.2 (rank_imbalance +10 % and +20 % relative), and the mid-run case keeps it at full speed up to a step drawn from ${ONSET[0]}–${ONSET[1]}, the error being |straggler.from − that step|.`,
    '',
    `Seed ${seed}, ${trials} trials, ${jobs} jobs of ${RANKS} ranks and ${NORMAL_RUN.steps} steps (${seconds.toFixed(0)} s): per trial a ${JOB_HISTORY}-job history, and judged against it ${GOOD_PER_HISTORY} good jobs and one job of each other case (the good jobs of one history share its false alarms).`,
    '',
    `| job (${JOB_HISTORY}-job history) | good gate | job failed | rank_imbalance flagged | step_time flagged | flagged on another metric | straggler named right | \`straggler.from\` error: median / 90th percentile / max |`,
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    `| history jobs (straggler throughout) | — | — | — | — | — | ${pct(history.named, history.jobs)} | — |`,
    '',
    `False alarms on the good jobs by metric: ${byMetric}. Judged against a baseline the gate had re-levelled (a level shift found in the history, or a run set aside as an outlier): ${relevelled.join('; ')}.`,
    '',
    `The run-to-run spread of rank_imbalance, and of the job's step time, MFU and TFLOP/s, which the straggler sets, is its drawn level: uniform over ${100 * LEVEL_LOW}–${100 * LEVEL_HIGH} %, about 2.5 % of the level, where the gate's prior is 1 % and its level-shift search takes steps of 2 % (the minimum effect). In a few per cent of the histories of good jobs the gate therefore finds a level or an outlier that is the spread of the draw, judges the job against the lower level or the narrower spread left, and most false alarms on these metrics come from those baselines. A straggler only 10–13 % slow dips under the ${100 * STRAGGLER_EXCESS} % that names it in a late step bucket now and then: its slow stretch then starts after the dip (the large \`from\` errors are late ones) or is too short to name it.`,
  ].join('\n');
}
