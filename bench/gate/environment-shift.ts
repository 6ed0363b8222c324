/**
 * The gate benchmark's environment scenario: does the culprit range say what a change coincides with?
 * Each trial records 12 runs on the default branch (each with an environment: image, driver, cuda, torch,
 * nccl), then checks a 13th. The cases, each on its own draws:
 *  - a level shift in the history (MFU −7 %, and −3 %, close to its minimum effect, from the 6th to the
 *    9th run on, drawn) at which cuda goes 12.4 → 12.6, and the same shift with the environment unchanged;
 *  - this run's own regression (MFU −7 %) with cuda 12.6 against a history all on 12.4, and the same
 *    regression with the environment unchanged.
 * Measured: the share of trials whose culprit range names exactly the changed field (cuda) or, where
 * nothing changed, says "unchanged"; and the share with a range at all (the shift or regression found).
 * A range placed a run or two off the true shift compares two runs on the same side of the cuda change;
 * it counts as right, a run or two away, when it names the cuda change next to it (`near`), else as wrong.
 */
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import type { GateConfig } from '../../src/gate/config.js';
import { findCulprit } from '../../src/gate/culprit.js';
import { formatEnvironmentExplanation } from '../../src/gate/environment-format.js';
import { judgeRun } from '../../src/gate/judge.js';
import { recordFromSummary } from '../../src/gate/record.js';
import type { HistoryRecord, RunSummary } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { minEffects, sha } from './regression-days.js';
import { NORMAL_RUN, Rng, simulateRun } from './simulate.js';

const RUNS = 12;

const environment = (cuda: string) => ({
  image: 'nvcr.io/nvidia/pytorch@sha256:3f1c0e5a9b7d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
  driver: '550.54.15',
  cuda,
  torch: '2.4.1',
  'nvidia-nccl-cu12': '2.20.5',
});

interface Case {
  name: string;
  /** A level shift in the history (at a drawn run); false: only this run regresses. */
  shift: boolean;
  /** cuda changes where the speed does. */
  cudaChanges: boolean;
  drop: number;
}

const CASES: Case[] = [
  { name: 'MFU −7 % level shift in the history, cuda 12.4 → 12.6 at it', shift: true, cudaChanges: true, drop: 0.07 },
  { name: 'MFU −7 % level shift in the history, environment unchanged', shift: true, cudaChanges: false, drop: 0.07 },
  { name: 'MFU −3 % level shift in the history, cuda 12.4 → 12.6 at it', shift: true, cudaChanges: true, drop: 0.03 },
  { name: 'MFU −3 % level shift in the history, environment unchanged', shift: true, cudaChanges: false, drop: 0.03 },
  { name: "this run's MFU −7 %, cuda 12.4 → 12.6 in it", shift: false, cudaChanges: true, drop: 0.07 },
  { name: "this run's MFU −7 %, environment unchanged", shift: false, cudaChanges: false, drop: 0.07 },
];

function summarize(name: string, speed: number, rng: Rng): Promise<RunSummary> {
  return summarizeRun(simulateRun(name, { ...NORMAL_RUN, speed }, rng), DEFAULT_CONFIG);
}

/**
 * One trial: 'right' (the range's own two runs show what happened), 'near' (they do not, and the change a
 * run or two away is named: `near`), 'wrong' (a range that says otherwise), or 'none' (no range).
 */
async function trial(
  c: Case,
  rng: Rng,
  gate: GateConfig,
): Promise<{ outcome: 'right' | 'near' | 'wrong' | 'none'; text: string }> {
  const at = c.shift ? 5 + Math.floor(rng.uniform() * 4) : RUNS; // the 6th to the 9th run
  const history: HistoryRecord[] = [];
  for (let k = 0; k < RUNS; k++) {
    const bad = k >= at;
    const s = await summarize(`h${k}`, bad ? 1 - c.drop : 1, rng);
    history.push(
      recordFromSummary(s, {
        recordedAt: '',
        ref: 'refs/heads/main',
        sha: sha(k),
        runId: String(k),
        baseline: false,
        complete: true,
        environment: environment(bad && c.cudaChanges ? '12.6' : '12.4'),
      }),
    );
  }
  const current = await summarize('current', 1 - c.drop, rng);
  const result = judgeRun(current, history, gate);
  const culprit = findCulprit(history, result, gate, {
    current: { run: 'current', runId: String(RUNS), sha: sha(RUNS), recordedAt: '' },
    onDefaultBranch: true,
    minEffect: minEffects(current),
    compare: () => null,
    environment: environment(c.cudaChanges ? '12.6' : '12.4'),
  });
  const e = culprit?.environment;
  if (!e) return { outcome: 'none', text: '' };
  const text = formatEnvironmentExplanation(e);
  const onlyCuda = (changes: { field: string }[]) => changes.length === 1 && changes[0]!.field === 'cuda';
  if (!c.cudaChanges) return { outcome: e.changes.length === 0 && !e.near ? 'right' : 'wrong', text };
  if (onlyCuda(e.changes)) return { outcome: 'right', text };
  return { outcome: e.near && onlyCuda(e.near.changes) ? 'near' : 'wrong', text };
}

export async function environmentShift(trials: number, seed: number, gate: GateConfig): Promise<string> {
  const started = performance.now();
  const rows: string[] = [];
  for (const [ci, c] of CASES.entries()) {
    const tally = { right: 0, near: 0, wrong: 0, none: 0 };
    const examples: Partial<Record<keyof typeof tally, string>> = {};
    for (let t = 0; t < trials; t++) {
      const { outcome, text } = await trial(c, new Rng(seed * 9_000_011 + ci * 100_003 + t), gate);
      tally[outcome] += 1;
      examples[outcome] ??= text;
    }
    const pct = (n: number) => `${((100 * n) / trials).toFixed(1)} % (${n}/${trials})`;
    const said = [examples.right, examples.near].filter(Boolean).map((x) => `\`${x}\``);
    rows.push(
      `| ${c.name} | ${pct(trials - tally.none)} | ${pct(tally.right)} | ${c.cudaChanges ? pct(tally.near) : '—'} | ${pct(tally.wrong)} | ${said.join('; ') || '—'} |`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  return [
    `MFU down, either from one of the 6th to the 9th of ${RUNS} recorded runs on (a level shift in the history, recorded by \`record\`) or in the checked run only; every run records an environment (image, driver, cuda, torch, nccl) and cuda moves 12.4 → 12.6 with the speed, or nothing moves (seed ${seed}, ${trials} trials per case; ${seconds.toFixed(0)} s). Right: the culprit range's two runs differ in exactly the changed field (cuda), or, where nothing changed, it says the environment is unchanged. A run or two away: the range is placed off the shift, so its two runs agree, and the cuda change next to it is named instead. Wrong: a range that says anything else (placed further off, or an unchanged environment said to have changed).`,
    '',
    '| case | culprit range found | explanation right | right, a run or two away | wrong | as the report says it |',
    '|---|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}
