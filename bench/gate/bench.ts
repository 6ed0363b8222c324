/**
 * Quality benchmark of the regression gate: false alarms and detection rates on simulated runs, against a
 * ratio-to-previous rule and a per-metric t prediction interval, on the same corpus.
 *
 *   npm run bench:gate -- [--trials 300] [--null-trials 2000] [--seed 1] [--out bench/gate/RESULTS.md] [--only days|ranks|environment]
 *
 * `--only days`, `--only ranks` and `--only environment` run one section's scenario (regression-days.ts,
 * multi-rank.ts, environment-shift.ts) and replace only that section of the file.
 */
import { writeFile } from 'node:fs/promises';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';
import type { HistoryRecord, RunSummary } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { environmentShift } from './environment-shift.js';
import { recordHistory } from './history.js';
import { multiRank } from './multi-rank.js';
import { regressionDays } from './regression-days.js';
import { sectionsOf, withSection } from './results-sections.js';
import { gateMethod, ratioMethod, tIntervalMethod, type Method } from './methods.js';
import { NORMAL_RUN, Rng, SIM, simulateRun, type RunSpec } from './simulate.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const TRIALS = Number(args.get('trials') ?? 300);
const NULL_TRIALS = Number(args.get('null-trials') ?? 2000);
const SEED = Number(args.get('seed') ?? 1);
const OUT = args.get('out') ?? 'bench/gate/RESULTS.md';
const HISTORY = 10;
const ONLY = args.get('only');
/** Gate settings to try, e.g. --prior-runs 10 --shift-alpha 0.05 (defaults otherwise). */
const GATE = {
  ...DEFAULT_GATE_CONFIG,
  ...(args.has('prior-runs') ? { priorRuns: Number(args.get('prior-runs')) } : {}),
  ...(args.has('shift-alpha') ? { shiftAlpha: Number(args.get('shift-alpha')) } : {}),
  ...(args.has('alpha') ? { alpha: Number(args.get('alpha')) } : {}),
};

interface Scenario {
  name: string;
  /** What a good gate does: fail the run, or let it pass. */
  expect: 'fail' | 'pass';
  trials: number;
  /** History run k of HISTORY; `marked` starts a new baseline. */
  history?: (k: number, shiftAt: number) => { spec: RunSpec; marked?: boolean };
  current: (shiftAt: number) => RunSpec;
  /** First and last history run a shift can land before (default 3…7 of 10). */
  shiftRange?: [number, number];
}

const run = (o: Partial<RunSpec> = {}): RunSpec => ({ ...NORMAL_RUN, ...o });
const shifted = (marked: boolean) => (k: number, at: number) => ({
  spec: run({ speed: k >= at ? 1.05 : 1 }),
  marked: marked && k === at,
});

const SCENARIOS: Scenario[] = [
  { name: 'unchanged', expect: 'pass', trials: NULL_TRIALS, current: () => run() },
  { name: 'MFU −3 %', expect: 'fail', trials: TRIALS, current: () => run({ speed: 0.97 }) },
  { name: 'MFU −5 %', expect: 'fail', trials: TRIALS, current: () => run({ speed: 0.95 }) },
  { name: 'MFU −10 %', expect: 'fail', trials: TRIALS, current: () => run({ speed: 0.9 }) },
  { name: 'loss +2 %', expect: 'fail', trials: TRIALS, current: () => run({ lossFactor: 1.02 }) },
  { name: 'memory +5 %', expect: 'fail', trials: TRIALS, current: () => run({ memoryFactor: 1.05 }) },
  { name: 'NaN loss', expect: 'fail', trials: TRIALS, current: () => run({ nanAt: 250 }) },
  { name: 'divergence', expect: 'fail', trials: TRIALS, current: () => run({ divergeAt: 250 }) },
  {
    name: 'stopped at 60 %, file cut off (a crash)',
    expect: 'fail',
    trials: TRIALS,
    current: () => run({ stopAt: 240, cutOff: true }),
  },
  { name: 'MFU +5 % (improvement)', expect: 'pass', trials: TRIALS, current: () => run({ speed: 1.05 }) },
  {
    name: 'after +5 % shift: unchanged',
    expect: 'pass',
    trials: TRIALS,
    history: shifted(false),
    current: () => run({ speed: 1.05 }),
  },
  {
    name: 'after +5 % shift: −5 % back',
    expect: 'fail',
    trials: TRIALS,
    history: shifted(false),
    current: () => run({ speed: 1.0 }),
  },
  {
    name: 'after marked +5 % shift: −5 % back',
    expect: 'fail',
    trials: TRIALS,
    history: shifted(true),
    current: () => run({ speed: 1.0 }),
    // min_runs runs or more since the mark: before that the gate does not judge (the next scenario).
    shiftRange: [3, HISTORY - DEFAULT_GATE_CONFIG.minRuns],
  },
  {
    name: 'noisy cluster (run CV 2 %): unchanged',
    expect: 'pass',
    trials: TRIALS,
    history: () => ({ spec: run({ runCv: 0.02 }) }),
    current: () => run({ runCv: 0.02 }),
  },
  {
    name: 'noisy cluster (run CV 2 %): MFU −10 %',
    expect: 'fail',
    trials: TRIALS,
    history: () => ({ spec: run({ runCv: 0.02 }) }),
    current: () => run({ runCv: 0.02, speed: 0.9 }),
  },
  {
    name: 'one broken run in history: unchanged',
    expect: 'pass',
    trials: TRIALS,
    history: (k) => ({ spec: run({ speed: k === 4 ? 0.6 : 1 }) }),
    current: () => run(),
  },
  {
    name: 'one broken run in history: MFU −5 %',
    expect: 'fail',
    trials: TRIALS,
    history: (k) => ({ spec: run({ speed: k === 4 ? 0.6 : 1 }) }),
    current: () => run({ speed: 0.95 }),
  },
  // Added last: each scenario's random stream follows its index, so the ones above keep their draws.
  // A clean early end (a target reached) is reported incomplete as a warning, not failed.
  { name: 'stopped cleanly at 60 %', expect: 'pass', trials: TRIALS, current: () => run({ stopAt: 240 }) },
  {
    name: 'marked +5 % shift, < 5 runs since: −5 % back (not judged)',
    expect: 'pass',
    trials: TRIALS,
    history: shifted(true),
    current: () => run({ speed: 1.0 }),
    shiftRange: [HISTORY - DEFAULT_GATE_CONFIG.minRuns + 1, HISTORY - 1],
  },
  // Appended, so the scenarios above keep their random streams (each is seeded by its index).
  {
    name: 'noisy batches (loss σ 30 %): unchanged',
    expect: 'pass',
    trials: TRIALS,
    history: () => ({ spec: run({ lossNoise: 0.3 }) }),
    current: () => run({ lossNoise: 0.3 }),
  },
  {
    name: 'noisy batches (loss σ 30 %): divergence',
    expect: 'fail',
    trials: TRIALS,
    history: () => ({ spec: run({ lossNoise: 0.3 }) }),
    current: () => run({ lossNoise: 0.3, divergeAt: 250 }),
  },
  // Appended: runs that also log an eval accuracy every 50 steps (the model's quality, higher is better).
  {
    name: 'with eval accuracy: unchanged',
    expect: 'pass',
    trials: NULL_TRIALS,
    history: () => ({ spec: run({ accuracy: 1 }) }),
    current: () => run({ accuracy: 1 }),
  },
  {
    name: 'eval accuracy −2 %',
    expect: 'fail',
    trials: TRIALS,
    history: () => ({ spec: run({ accuracy: 1 }) }),
    current: () => run({ accuracy: 0.98 }),
  },
  {
    name: 'eval accuracy −5 %',
    expect: 'fail',
    trials: TRIALS,
    history: () => ({ spec: run({ accuracy: 1 }) }),
    current: () => run({ accuracy: 0.95 }),
  },
  {
    name: 'with eval accuracy: MFU −5 %',
    expect: 'fail',
    trials: TRIALS,
    history: () => ({ spec: run({ accuracy: 1 }) }),
    current: () => run({ accuracy: 1, speed: 0.95 }),
  },
];

const METHODS: [string, Method][] = [
  ['this gate', gateMethod(GATE)],
  ['ratio to previous (> 5 % worse)', ratioMethod],
  ['t interval per metric (99 %)', tIntervalMethod],
];

async function summarize(name: string, spec: RunSpec, rng: Rng): Promise<RunSummary> {
  return summarizeRun(simulateRun(name, spec, rng), DEFAULT_CONFIG);
}

function buildHistory(s: Scenario, rng: Rng, shiftAt: number): Promise<HistoryRecord[]> {
  return recordHistory(HISTORY, GATE, async (k) => {
    const h = s.history?.(k, shiftAt) ?? { spec: NORMAL_RUN };
    return { summary: await summarize(`h${k}`, h.spec, rng), marked: h.marked ?? false };
  });
}

async function main(): Promise<void> {
  if (ONLY === 'days') return days();
  if (ONLY === 'ranks') return ranks();
  if (ONLY === 'environment') return environment();
  const started = performance.now();
  const failures = new Map<string, number[]>(); // scenario → failures per method
  for (const [si, s] of SCENARIOS.entries()) {
    if (ONLY && !s.name.includes(ONLY)) continue;
    const counts = METHODS.map(() => 0);
    let diverged = 0;
    for (let t = 0; t < s.trials; t++) {
      // Each scenario and trial has its own stream, so adding a scenario leaves the others' draws alone.
      const rng = new Rng(SEED * 1_000_003 + si * 100_003 + t);
      const [first, last] = s.shiftRange ?? [3, 7]; // speed-up lands before run 3…7 of 10
      const shiftAt = first + Math.floor(rng.uniform() * (last - first + 1));
      const history = await buildHistory(s, rng, shiftAt);
      const current = await summarize('current', s.current(shiftAt), rng);
      METHODS.forEach(([, method], i) => {
        if (method(current, history)) counts[i]! += 1;
      });
      if (current.metrics.some((m) => m.loss?.divergence)) diverged += 1;
    }
    failures.set(s.name, [...counts, diverged]);
    process.stderr.write(`${s.name}: ${counts.map((c) => `${c}/${s.trials}`).join(' ')}\n`);
  }
  const seconds = (performance.now() - started) / 1000;

  // The last column: runs whose loss the summary itself flags as diverged, whichever gate then judges it.
  const header = `| scenario (${HISTORY}-run history) | good gate | ${METHODS.map(([n]) => n).join(' | ')} | loss flagged as diverged |`;
  const rule = `|---|---|${METHODS.map(() => '---:').join('|')}|---:|`;
  const rows = SCENARIOS.filter((s) => failures.has(s.name)).map((s) => {
    const counts = failures.get(s.name)!;
    const cells = counts.map((c) => `${((100 * c) / s.trials).toFixed(1)} % (${c}/${s.trials})`);
    return `| ${s.name} | ${s.expect === 'fail' ? 'fails' : 'passes'} | ${cells.join(' | ')} |`;
  });
  const table = [
    `Share of runs failed by each gate (seed ${SEED}, ${TRIALS} trials per scenario, ${NULL_TRIALS} unchanged; ${seconds.toFixed(0)} s).`,
    '',
    header,
    rule,
    ...rows,
    '',
    ...qualityNote(failures),
  ].join('\n');
  process.stdout.write(`${table}\n`);
  // Sections other benchmarks keep in the same file (bench:calibrate's) stay as they are.
  await writeFile(OUT, table + (await sectionsOf(OUT)));
  if (!ONLY) {
    await days();
    await ranks();
    await environment();
  }
}

/**
 * What the rows with an eval accuracy say: its detection, and what one more metric family costs the
 * others' (the false-alarm budget is split over families).
 */
function qualityNote(failures: Map<string, number[]>): string[] {
  const rate = (name: string) => {
    const s = SCENARIOS.find((x) => x.name === name);
    const c = failures.get(name)?.[0];
    return s && c !== undefined ? `${((100 * c) / s.trials).toFixed(1)} %` : null;
  };
  const [withAcc, without] = [rate('with eval accuracy: MFU −5 %'), rate('MFU −5 %')];
  if (!withAcc || !without) return [];
  return [
    `The rows "with eval accuracy" simulate runs that also log an eval accuracy every ${SIM.evalEvery} steps (a model-quality metric, higher is better: a plateau of ${SIM.accuracy}, run-to-run CV ${100 * SIM.accuracyRunCv} %, ${100 * SIM.accuracyEvalCv} % per eval), judged by its final window as a loss is. One more metric family takes a share of the run's false-alarm budget: MFU −5 % is caught in ${withAcc} of such runs, against ${without} of runs without it.`,
    '',
  ];
}

/** The multi-day scenario (regression-days.ts), its own section of the file. */
async function days(): Promise<void> {
  const body = await regressionDays(TRIALS, SEED, GATE);
  process.stdout.write(`${body}\n`);
  await writeFile(OUT, await withSection(OUT, DAYS_HEADING, body));
}
const DAYS_HEADING = 'A recorded regression, checked on later days';

/** The multi-rank scenario (multi-rank.ts), its own section of the file. */
async function ranks(): Promise<void> {
  const body = await multiRank(TRIALS, SEED, GATE);
  process.stdout.write(`${body}\n`);
  await writeFile(OUT, await withSection(OUT, RANKS_HEADING, body));
}
const RANKS_HEADING = 'Multi-rank jobs (8 ranks)';

/** The environment scenario (environment-shift.ts), its own section of the file. */
async function environment(): Promise<void> {
  const body = await environmentShift(TRIALS, SEED, GATE);
  process.stdout.write(`${body}\n`);
  await writeFile(OUT, await withSection(OUT, ENVIRONMENT_HEADING, body));
}
const ENVIRONMENT_HEADING = 'Changes explained by the environment';

await main();
