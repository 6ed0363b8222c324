/**
 * The gate benchmark's multi-day scenario: fourteen commits, one of them (the 6th to the 9th, drawn, so min_runs good runs come before it) makes MFU
 * 7 % worse, and the nightly check judges each commit against the history and records it, as the
 * default branch does under record: auto. Measured per trial:
 *  - on the day of the regression and the next two: the share of runs failed, and of culprit ranges that
 *    name exactly the last good and the first bad commit;
 *  - `check --bisect` with 1, 2 and 5 bad runs recorded: a binary search from commit 0 (good) to commit 13
 *    (bad), each probed commit a fresh run judged against the history before the first bad run, as
 *    `git bisect run` would drive it; the share that ends on the first bad commit.
 * Once with the gate's flag kept in each record (what `check` records), once without (records of
 * `record`, which judges nothing, or written before the flag existed), on the same draws.
 */
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { runCompleteness } from '../../src/gate/completeness.js';
import type { GateConfig } from '../../src/gate/config.js';
import { findCulprit } from '../../src/gate/culprit.js';
import { judgeRun } from '../../src/gate/judge.js';
import { recordFromSummary } from '../../src/gate/record.js';
import type { HistoryRecord, RunSummary } from '../../src/model.js';
import { metricKey } from '../../src/naming.js';
import { bisectHistory } from '../../src/stages/culprit-context.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { NORMAL_RUN, Rng, simulateRun } from './simulate.js';

const COMMITS = 14;
const DROP = 0.07;
const DAYS_AFTER = [0, 1, 2] as const;
const BAD_RECORDED = [1, 2, 5] as const;

/** Commit i's sha: 40 hex digits, one per commit. */
export const sha = (i: number) => i.toString(16).padStart(2, '0').repeat(20);

interface Tally {
  failed: number[];
  culprit: number[];
  bisect: number[];
}

function summarize(commit: number, bad: number, rng: Rng, name = `c${commit}`): Promise<RunSummary> {
  const speed = commit >= bad ? 1 - DROP : 1;
  return summarizeRun(simulateRun(name, { ...NORMAL_RUN, speed }, rng), DEFAULT_CONFIG);
}

/** Each metric's minimum effect by its key, as the summary's classes give it (culprit search needs it). */
export function minEffects(s: RunSummary): (key: string) => number {
  const byKey = new Map(s.metrics.map((m) => [metricKey(m.name), m.class.minEffect]));
  return (key) => byKey.get(key) ?? 0.02;
}

/** One trial: the nightly runs, then the bisections, into both tallies. */
async function trial(rng: Rng, gate: GateConfig, withFlag: Tally, without: Tally): Promise<void> {
  const bad = 5 + Math.floor(rng.uniform() * 4); // the 6th to the 9th commit: min_runs good runs before it
  const flagged: HistoryRecord[] = [];
  const plain: HistoryRecord[] = [];
  const snapshots = new Map<number, [HistoryRecord[], HistoryRecord[]]>();
  for (let day = 0; day < COMMITS; day++) {
    const s = await summarize(day, bad, rng);
    for (const [history, tally] of [
      [flagged, withFlag],
      [plain, without],
    ] as const) {
      const result = judgeRun(s, history, gate);
      const after = day - bad;
      if ((DAYS_AFTER as readonly number[]).includes(after)) {
        const culprit = findCulprit(history, result, gate, {
          current: { run: s.name, runId: String(day), sha: sha(day), recordedAt: '' },
          onDefaultBranch: true,
          minEffect: minEffects(s),
          compare: () => null,
        });
        if (result.regression) tally.failed[after]! += 1;
        if (culprit?.good.sha === sha(bad - 1) && culprit.bad.sha === sha(bad)) tally.culprit[after]! += 1;
      }
      const regressed =
        history === flagged
          ? new Set(result.metrics.filter((m) => m.verdict === 'regression').map((m) => metricKey(m.name)))
          : new Set<string>();
      const complete = runCompleteness(s, history, gate.completeFraction).complete;
      history.push(
        recordFromSummary(s, {
          recordedAt: '',
          ref: 'refs/heads/main',
          sha: sha(day),
          runId: String(day),
          baseline: false,
          complete,
          regressed,
        }),
      );
    }
    snapshots.set(day, [[...flagged], [...plain]]);
  }
  for (const [j, n] of BAD_RECORDED.entries()) {
    const [f, p] = snapshots.get(bad + n - 1)!;
    for (const [history, tally] of [
      [f, withFlag],
      [p, without],
    ] as const) {
      if ((await bisect(history, bad, rng, gate)) === bad) tally.bisect[j]! += 1;
    }
  }
}

/** git bisect's search from commit 0 (good) to the newest (bad): the commit it ends on. */
async function bisect(history: readonly HistoryRecord[], bad: number, rng: Rng, gate: GateConfig): Promise<number> {
  let good = 0;
  let first = COMMITS - 1;
  while (first - good > 1) {
    const mid = Math.floor((good + first) / 2);
    const s = await summarize(mid, bad, rng, `probe${mid}`);
    const judged = judgeRun(s, bisectHistory(s, history, gate).runs, gate);
    if (judged.regression) first = mid;
    else good = mid;
  }
  return first;
}

export async function regressionDays(trials: number, seed: number, gate: GateConfig): Promise<string> {
  const tally = (): Tally => ({ failed: [0, 0, 0], culprit: [0, 0, 0], bisect: [0, 0, 0] });
  const withFlag = tally();
  const without = tally();
  const started = performance.now();
  for (let t = 0; t < trials; t++) await trial(new Rng(seed * 7_000_003 + t), gate, withFlag, without);
  const seconds = (performance.now() - started) / 1000;
  const pct = (c: number) => `${((100 * c) / trials).toFixed(1)} % (${c}/${trials})`;
  const row = (name: string, t: Tally) =>
    `| ${name} | ${[...t.failed, ...t.culprit, ...t.bisect].map(pct).join(' | ')} |`;
  return [
    `MFU −${Math.round(100 * DROP)} % from one of fourteen commits (the 6th to the 9th), each commit checked and recorded in turn (seed ${seed}, ${trials} trials; ${seconds.toFixed(0)} s). Day 0 is the regressing commit's own run. Bisect: \`check --bisect\` driving a binary search from commit 0 to 13, with 1, 2 or 5 bad runs recorded; right when it ends on the first bad commit.`,
    '',
    '| records | failed, day 0 | day 1 | day 2 | culprit right, day 0 | day 1 | day 2 | bisect right, 1 bad run recorded | 2 | 5 |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row("with the gate's flag (`check` on the default branch)", withFlag),
    row('without it (`record`, or records from before the flag)', without),
    '',
  ].join('\n');
}
