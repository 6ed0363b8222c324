/**
 * The record/check contract end to end through the functions the CLI and the action call: real CSV files
 * read by the real ingest and summarizer, a real history file, a real git data branch.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NORMAL_RUN, Rng, simulateRun, type RunSpec } from '../../bench/gate/simulate.js';
import { DEFAULT_CONFIG } from '../classify/index.js';
import { openTable } from '../ingest/index.js';
import { InputError, type GateResult, type RunSummary } from '../model.js';
import type { GitHubContext, Options } from '../options.js';
import { summarizeRun } from '../summarize/index.js';
import { gateStage } from './stage.js';

const github = (ref: string, eventName: string): GitHubContext => ({
  ref,
  eventName,
  workflow: 'train',
  defaultBranch: 'main',
  serverUrl: 'https://github.com',
  repository: 'o/r',
  runId: '77',
  sha: 'f'.repeat(40),
  prNumber: null,
});
const LOCAL = github('', '');
const io = { lines: [] as string[], info(m: string) { this.lines.push(m); } };

/** Write a simulated run as a metrics CSV, as a training job would. */
async function csvOf(dir: string, name: string, spec: Partial<RunSpec>, rng: Rng): Promise<string> {
  const table = simulateRun(name, { ...NORMAL_RUN, ...spec }, rng).table;
  const lines = [['step', ...table.columns].join(',')];
  for await (const b of table.batches) {
    for (let i = 0; i < b.steps.length; i++) lines.push([b.steps[i], ...b.values.map((v) => (Number.isNaN(v[i]) ? 'nan' : String(v[i])))].join(','));
  }
  const path = join(dir, `${name}.csv`);
  await writeFile(path, lines.join('\n') + '\n');
  return path;
}

async function summaries(paths: string[], experiment: string): Promise<RunSummary[]> {
  const out: RunSummary[] = [];
  for (const p of paths) {
    out.push(await summarizeRun({ name: p, experiment, tags: {}, fingerprint: {}, table: await openTable(p) }, DEFAULT_CONFIG));
  }
  return out;
}

const opts = (command: 'record' | 'check', history: string, extra: Partial<Options> = {}) => ({
  command,
  history,
  historyMax: 100,
  record: 'auto' as const,
  newBaseline: false,
  github: LOCAL,
  ...extra,
});

describe('record / check contract (real CSV files, real history file)', () => {
  it('records runs in order, then checks: exit 0 unchanged, 1 on regression, with the documented JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-contract-'));
    const rng = new Rng(5);
    const history = join(dir, 'H.json');
    const runs = [];
    for (let i = 0; i < 8; i++) runs.push(await csvOf(dir, `run${i}`, {}, rng));
    // training-metrics-gate record --history H.json --experiment gpt --csv run0.csv … --csv run7.csv
    const rec = await gateStage(opts('record', history), await summaries(runs, 'gpt'), DEFAULT_CONFIG, io);
    expect(rec.results).toEqual([]);
    expect(rec.recorded.map((r) => r.run)).toEqual(runs);
    const stored = JSON.parse(await readFile(history, 'utf8'));
    expect(stored.runs.map((r: { run: string }) => r.run)).toEqual(runs);

    // training-metrics-gate check --history H.json --experiment gpt --csv ok.csv --json OUT.json
    const ok = await gateStage(opts('check', history), await summaries([await csvOf(dir, 'ok', {}, rng)], 'gpt'), DEFAULT_CONFIG, io);
    const okJson = JSON.parse(JSON.stringify(ok.results[0])) as GateResult;
    expect(okJson.regression).toBe(false);
    expect(okJson.run.complete).toBe(true);
    expect(okJson.metrics.find((m) => m.name === 'MFU')).toMatchObject({ verdict: 'pass', baseline: { runs: 8 } });
    for (const m of okJson.metrics) expect(Object.keys(m)).toEqual(expect.arrayContaining(['name', 'verdict', 'current', 'baseline', 'change', 'reason']));
    // A local check never writes the history.
    expect(ok.recorded).toEqual([]);
    expect(JSON.parse(await readFile(history, 'utf8')).runs).toHaveLength(8);

    const slow = await gateStage(opts('check', history), await summaries([await csvOf(dir, 'slow', { speed: 0.9 }, rng)], 'gpt'), DEFAULT_CONFIG, io);
    expect(slow.results[0]!.regression).toBe(true);
    expect(slow.results[0]!.metrics.find((m) => m.name === 'MFU')!.verdict).toBe('regression');

    // Another experiment in the same file starts its own history.
    const other = await gateStage(opts('check', history), await summaries([await csvOf(dir, 'x', { speed: 0.5 }, rng)], 'other'), DEFAULT_CONFIG, io);
    expect(other.results[0]!.regression).toBe(false);
    expect(other.results[0]!.metrics.find((m) => m.name === 'MFU')!.verdict).toBe('insufficient-history');
  });

  it('pull requests compare and never write; default-branch runs record even when they regress; new-baseline marks', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-contract-'));
    const rng = new Rng(6);
    const history = join(dir, 'H.json');
    const runs = [];
    for (let i = 0; i < 6; i++) runs.push(await csvOf(dir, `run${i}`, {}, rng));
    await gateStage(opts('record', history), await summaries(runs, 'gpt'), DEFAULT_CONFIG, io);
    const slow = await summaries([await csvOf(dir, 'slow', { speed: 0.85 }, rng)], 'gpt');

    const pr = await gateStage(opts('check', history, { github: github('refs/pull/3/merge', 'pull_request') }), slow, DEFAULT_CONFIG, io);
    expect(pr.results[0]!.regression).toBe(true);
    expect(pr.recorded).toEqual([]);
    expect(pr.recordReason).toMatch(/pull requests/);

    const main = await gateStage(opts('check', history, { github: github('refs/heads/main', 'push') }), slow, DEFAULT_CONFIG, io);
    expect(main.results[0]!.regression).toBe(true);
    expect(main.recorded).toHaveLength(1);
    expect(main.recorded[0]).toMatchObject({ ref: 'refs/heads/main', sha: 'f'.repeat(40), runId: '77', baseline: false, complete: true });

    const ack = await gateStage(opts('check', history, { github: github('refs/heads/main', 'push'), newBaseline: true }), slow, DEFAULT_CONFIG, io);
    expect(ack.recorded[0]!.baseline).toBe(true);
    expect(JSON.parse(await readFile(history, 'utf8')).runs).toHaveLength(8);
  });

  it('stops with the file and line of a corrupt history (exit 2) and leaves it as it is', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-contract-'));
    const history = join(dir, 'H.json');
    await writeFile(history, '{"format":1,"runs":[\n{"experiment":"gpt"},\n]}\n');
    const s = await summaries([await csvOf(dir, 'a', {}, new Rng(7))], 'gpt');
    const e = await gateStage(opts('check', history, { record: 'always' }), s, DEFAULT_CONFIG, io).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toMatch(/H\.json:3: history is not valid JSON \(value expected\)/);
    expect(await readFile(history, 'utf8')).toBe('{"format":1,"runs":[\n{"experiment":"gpt"},\n]}\n');
  });

  it('works the same with a git data branch as the history (real git, local bare remote)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-contract-git-'));
    const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, stdio: 'pipe' });
    git(dir, 'init', '--quiet', '--bare', '-b', 'main', 'remote.git');
    git(dir, 'clone', '--quiet', join(dir, 'remote.git'), 'checkout');
    const checkout = join(dir, 'checkout');
    const rng = new Rng(8);
    const runs = [];
    for (let i = 0; i < 6; i++) runs.push(await csvOf(dir, `run${i}`, {}, rng));
    await gateStage(opts('record', 'git:gate-history'), await summaries(runs, 'gpt'), DEFAULT_CONFIG, io, checkout);
    const r = await gateStage(opts('check', 'git:gate-history'), await summaries([await csvOf(dir, 'slow', { speed: 0.9 }, rng)], 'gpt'), DEFAULT_CONFIG, io, checkout);
    expect(r.results[0]!.regression).toBe(true);
    expect(r.results[0]!.metrics.find((m) => m.name === 'MFU')!.baseline!.runs).toBe(6);
  });
});
