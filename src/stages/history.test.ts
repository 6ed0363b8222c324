/** The gate stage through run(): a missing history, the run identity of a re-run, the no-comparable reason. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Command, DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../options.js';
import { run } from '../run.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-history-stage-'));
const csv = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const env = { GITHUB_REPOSITORY: 'org/repo', GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1' };

function options(command: Command, more: Partial<Options>, github: NodeJS.ProcessEnv = {}): Options {
  return {
    ...DEFAULT_OPTIONS,
    command,
    github: githubContextFromEnv(github),
    notices: [],
    csv: [csv],
    experiment: 'demo',
    ...(command === 'record' ? { record: 'always' as const } : {}),
    ...more,
  };
}
const runsIn = (path: string) => JSON.parse(readFileSync(path, 'utf8')).runs as Record<string, unknown>[];

describe('history stage', () => {
  it('check against a history that does not exist is an error naming it; record creates it', async () => {
    const path = join(dir, 'typo.json');
    const checked = await run(options('check', { history: path }), quiet);
    expect(checked.exitCode).toBe(2);
    expect(checked.errors[0]).toMatch(new RegExp(`^${path}: the history does not exist \\(no such file\\)`));
    expect(existsSync(path)).toBe(false);
    expect((await run(options('record', { history: path }), quiet)).exitCode).toBe(0);
    expect(runsIn(path)).toHaveLength(1);
    expect((await run(options('check', { history: path }), quiet)).exitCode).toBe(0);
  });

  it('a re-run attempt of the same workflow run replaces its record; another run id adds one', async () => {
    const path = join(dir, 'rerun.json');
    expect((await run(options('record', { history: path }, env), quiet)).exitCode).toBe(0);
    const said: string[] = [];
    const io = { ...quiet, info: (line: string) => said.push(line) };
    const again = await run(options('record', { history: path }, { ...env, GITHUB_RUN_ATTEMPT: '2' }), io);
    expect(again.exitCode).toBe(0);
    expect(said).toContain(
      `history: recorded 1 run(s) in ${path}, 1 replacing the record of an earlier attempt (record is always)`,
    );
    expect(runsIn(path).map((r) => [r.repository, r.runId, r.attempt])).toEqual([['org/repo', '4242', 2]]);
    await run(options('record', { history: path }, { ...env, GITHUB_RUN_ID: '4243' }), quiet);
    expect(runsIn(path)).toHaveLength(2);
    // The run-id flag gives a run its identity outside a workflow.
    await run(options('record', { history: path, runId: 'nightly-7' }), quiet);
    await run(options('record', { history: path, runId: 'nightly-7' }), quiet);
    expect(runsIn(path).map((r) => r.runId)).toEqual(['4242', '4243', 'nightly-7']);
  });

  it('a judged metric the history had that this run lacks is a warning naming it (a renamed column)', async () => {
    const path = join(dir, 'renamed.json');
    for (let i = 0; i < 5; i++) await run(options('record', { history: path, runId: `r-${i}` }), quiet);
    const renamed = join(dir, 'renamed.csv');
    writeFileSync(renamed, readFileSync(csv, 'utf8').replace('MFU,', 'model_flops_utilisation_pct,'));
    const warned: string[] = [];
    const checked = await run(options('check', { history: path, csv: [renamed] }), {
      ...quiet,
      warn: (l) => warned.push(l),
    });
    expect(checked.gate[0]!.metrics.find((m) => m.name === 'mfu')?.verdict).toBe('missing');
    expect(warned).toContain(
      'demo: mfu: in the latest recorded run, absent from this one (not a regression; check the column names)',
    );
  });

  it('pruning says how many runs it removed and why; by default a file keeps 1000 runs', async () => {
    const path = join(dir, 'pruned.json');
    const warned: string[] = [];
    const io = { ...quiet, warn: (line: string) => warned.push(line) };
    for (let i = 0; i < 4; i++) await run(options('record', { history: path, runId: `p-${i}` }), io);
    expect(warned).toEqual([]);
    await run(options('record', { history: path, runId: 'p-4', historyMax: 2 }), io);
    expect(warned).toEqual([
      'history: 3 older runs of demo removed, to keep the 2 newest (history-max 2); set history-max higher to keep them',
    ]);
    expect(runsIn(path).map((r) => r.runId)).toEqual(['p-3', 'p-4']);
  });

  it('without comparable runs the verdicts say which fingerprint fields differ from the nearest history', async () => {
    const path = join(dir, 'other-gpu.json');
    await run(options('record', { history: path, metadata: null }), quiet);
    // The same experiment recorded from a manifest-like fingerprint, on another GPU than this run names.
    writeFileSync(path, readFileSync(path, 'utf8').replace('"fingerprint":""', '"fingerprint":"gpu=A100"'));
    const manifest = join(dir, 'h100.jsonl');
    writeFileSync(manifest, `${JSON.stringify({ name: 'demo', path: join(process.cwd(), csv), gpu: 'H100' })}\n`);
    const checked = await run(
      options('check', { history: path, csv: [], metadata: manifest, manifestRoot: [process.cwd()], experiment: null }),
      quiet,
    );
    expect(checked.gate[0]!.noComparable).toBe(
      'no comparable runs: 1 run of this experiment on gpu=A100; this run is gpu=H100',
    );
    expect(checked.gate[0]!.verdict).toBe('not-judged');
    expect(checked.gate[0]!.metrics.find((m) => m.name === 'MFU')!.reason).toMatch(
      /no comparable runs: 1 run of this experiment on gpu=A100/,
    );
  });

  it('the same job given with --csv and with --metadata meets one history: a field one side lacks is unknown', async () => {
    const path = join(dir, 'csv-then-manifest.json');
    for (let i = 0; i < 5; i++) await run(options('record', { history: path, runId: `csv-${i}` }), quiet);
    const manifest = join(dir, 'manifest.jsonl');
    writeFileSync(
      manifest,
      `${JSON.stringify({ name: 'demo', path: join(process.cwd(), csv), gpu: 'H100', world_size: 8 })}\n`,
    );
    const said: string[] = [];
    const io = { ...quiet, info: (line: string) => said.push(line) };
    const checked = await run(
      options('check', { history: path, csv: [], metadata: manifest, manifestRoot: [process.cwd()], experiment: null }),
      io,
    );
    expect(checked.gate[0]!.verdict).toBe('pass');
    expect(checked.gate[0]!.fingerprint).toBe('gpu=H100,world_size=8');
    expect(said.join('\n')).toMatch(/compared with runs recorded with no fingerprint fields as the same job/);
    // Recorded from the manifest, then checked with --csv again: both ways meet the runs of both.
    await run(
      options('record', {
        history: path,
        csv: [],
        metadata: manifest,
        manifestRoot: [process.cwd()],
        experiment: null,
        runId: 'm-1',
      }),
      quiet,
    );
    const again = await run(options('check', { history: path }), quiet);
    expect(again.gate[0]!.verdict).toBe('pass');
    expect(again.gate[0]!.metrics.find((m) => m.name === 'MFU')!.baseline?.runs).toBe(6);
    // A run given with --csv where the history holds two GPUs of the job could be either: only its own
    // records count (the five recorded with --csv), and it says why.
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '"fingerprint":"gpu=H100,world_size=8"',
        '"fingerprint":"gpu=A100,world_size=8"',
      ),
    );
    const both = { history: path, csv: [], metadata: manifest, manifestRoot: [process.cwd()], experiment: null };
    await run(options('record', { ...both, runId: 'm-2' }), quiet);
    said.length = 0;
    const own = await run(options('check', { history: path }), io);
    expect(own.gate[0]!.metrics.find((m) => m.name === 'MFU')!.baseline?.runs).toBe(5);
    expect(said.join('\n')).toMatch(
      /under 2 other fingerprints that differ in gpu, world_size, which this run does not name: it is compared with the runs of its own fingerprint only/,
    );
    // Without runs of its own, it is not judged.
    const kept = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => !line.includes('"fingerprint":""'))
      .join('\n');
    writeFileSync(path, kept);
    const which = await run(options('check', { history: path }), quiet);
    expect(which.gate[0]!.verdict).toBe('not-judged');
    expect(which.gate[0]!.notJudged).toMatch(
      /under 2 other fingerprints that differ in gpu, world_size, which this run does not name: give its files/,
    );
  });
});

describe('pull request runs are known from the event, and stored apart', () => {
  // The payloads' shapes as GitHub documents its webhook events (the fields a run reads).
  const write = (name: string, payload: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(payload));
    return path;
  };
  const head = { sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e', ref: 'feature' };
  const cases: [string, NodeJS.ProcessEnv, number][] = [
    [
      'pull_request_target (run on the base branch, its ref refs/heads/main)',
      {
        GITHUB_EVENT_NAME: 'pull_request_target',
        GITHUB_REF: 'refs/heads/main',
        GITHUB_EVENT_PATH: write('prt.json', { action: 'opened', number: 2, pull_request: { number: 2, head } }),
      },
      2,
    ],
    [
      'merge_group (the merge queue branch gh-readonly-queue/main/pr-128-…)',
      {
        GITHUB_EVENT_NAME: 'merge_group',
        GITHUB_REF: 'refs/heads/gh-readonly-queue/main/pr-128-ec26c3e57ca3a959ca5aad62de7213c562f8c821',
        GITHUB_EVENT_PATH: write('mg.json', {
          action: 'checks_requested',
          merge_group: {
            head_sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
            head_ref: 'refs/heads/gh-readonly-queue/main/pr-128-ec26c3e57ca3a959ca5aad62de7213c562f8c821',
            base_sha: '380387fc6f8ff1b3b6e4cb5b4e3a4e0a3e3b6b5b',
            base_ref: 'refs/heads/main',
          },
        }),
      },
      128,
    ],
  ];
  for (const [what, github, number] of cases) {
    it(`${what}: recorded with record always as pull request #${number}, never as a baseline run`, async () => {
      const path = join(dir, `pr-${number}.json`);
      const r = await run(options('record', { history: path }, { ...env, ...github }), quiet);
      expect(r.exitCode).toBe(0);
      expect(runsIn(path).map((x) => x.pullRequest)).toEqual([number]);
    });
  }
});
