/**
 * `history list|show|remove|quarantine|export|changes` through the CLI's entry, on every store (real JSON
 * files, a real git data branch with a local bare remote): what they print, what they change, and that a
 * run named ambiguously or not at all is refused with exit 2 and the history left as it was.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { comparableRuns } from '../../src/store/index.js';
import { historyDigest } from '../../src/store/record-checksum.js';
import { sampleRecord } from '../helpers/history-records.js';
import { runnerCommands } from '../helpers/workflow-commands.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { mfuSeries, sha } from './series.js';
import { STORES, type StoreUnderTest, postgresServer } from './stores.js';

afterAll(() => postgresServer.stop());

describe.each(STORES)('history commands on the $name store', (factory) => {
  let s: StoreUnderTest;
  afterEach(async () => s?.stop());
  const run = (...args: string[]) => cliIn(s.cwd, ['history', ...args]);

  it('list: experiments, fingerprints, run counts and date range; a history that does not exist is exit 2', async () => {
    s = await factory.create();
    expect((await run('list', '--history', s.spec)).code).toBe(2);
    await s.seed([
      ...mfuSeries(3),
      ...mfuSeries(2, { experiment: 'llama', fingerprint: 'gpu=A100' }),
      ...mfuSeries(1, { experiment: 'llama', fingerprint: 'gpu=H100' }),
    ]);
    const r = await run('list', '--history', s.spec);
    expect(r.code, r.err).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toContain('6 runs of 2 experiments');
    expect(lines[2]).toMatch(/^gpt-small\s+gpu=H100,world_size=8\s+3\s+0\s+0\s+2026-01-01T00:00:00.000Z\s+2026-01-03T/);
    expect(lines[3]).toMatch(/^llama\s+gpu=A100\s+2\s+0\s+0\s+2026-01-01T\S+\s+2026-01-02T/);
    expect(lines[4]).toMatch(/^llama\s+gpu=H100\s+1\s/);
  });

  it('show: each run with its commit, date, judged metrics and flags', async () => {
    s = await factory.create();
    const runs = mfuSeries(4);
    runs[1] = { ...runs[1]!, baseline: true, complete: false };
    // A PR run, as the store that keeps them apart writes it (the record's `pullRequest` number).
    runs[3] = { ...runs[3]!, pullRequest: 12 } as (typeof runs)[number];
    await s.seed(runs);
    expect((await run('list', '--history', s.spec)).out).toMatch(/gpt-small\s+\S+\s+4\s+0\s+1\s/);
    const r = await run('show', '--history', s.spec, '--experiment', 'gpt-small');
    expect(r.code, r.err).toBe(0);
    const lines = r.out.split('\n');
    const header = lines.find((l) => l.startsWith('run '))!;
    expect(header.split(/\s{2,}/)).toEqual([
      'run',
      'run id',
      'commit',
      'recorded',
      'steps',
      'complete',
      'mfu',
      'flags',
    ]);
    const row1 = lines.find((l) => l.startsWith('run1 '))!;
    expect(row1).toContain(sha(1).slice(0, 12));
    expect(row1).toContain('2026-01-02T00:00:00.000Z');
    expect(row1).toMatch(/ no {2,}0\.4\d+ {2,}baseline, incomplete$/);
    expect(lines.find((l) => l.startsWith('run3 '))).toMatch(/ yes {2,}0\.4\d+ {2,}PR #12$/);
    expect((await run('show', '--history', s.spec, '--experiment', 'nope')).code).toBe(2);
    expect((await run('show', '--history', s.spec)).err).toContain('--experiment is required');
  });

  it('quarantine: kept for audit with {at, reason}, out of every baseline; by run id or by name', async () => {
    s = await factory.create();
    await s.seed(mfuSeries(4));
    const before = Date.now();
    const r = await run(
      'quarantine',
      '--history',
      s.spec,
      '--experiment',
      'gpt-small',
      '--run',
      'run2',
      '--reason',
      'node 7 had a bad NIC',
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('quarantined run "run2"');
    const h = await s.store().read();
    expect(h.runs).toHaveLength(4);
    const q = h.runs[2]!.quarantined!;
    expect(q.reason).toBe('node 7 had a bad NIC');
    expect(Date.parse(q.at)).toBeGreaterThanOrEqual(before - 1000);
    expect(comparableRuns(h, 'gpt-small', h.runs[0]!.fingerprint).map((x) => x.run)).toEqual(['run0', 'run1', 'run3']);
    // By run id; again is a no-op that keeps the first reason.
    expect((await run('quarantine', '--history', s.spec, '--experiment', 'gpt-small', '--run', '1003')).code).toBe(0);
    const again = await run(
      'quarantine',
      '--history',
      s.spec,
      '--experiment',
      'gpt-small',
      '--run',
      '1002',
      '--reason',
      'x',
    );
    expect(again.out).toContain('already quarantined');
    const after = await s.store().read();
    expect(after.runs[3]!.quarantined?.reason).toBe('');
    expect(after.runs[2]!.quarantined?.reason).toBe('node 7 had a bad NIC');
    const shown = await run('show', '--history', s.spec, '--experiment', 'gpt-small');
    expect(shown.out).toMatch(/run2 .*quarantined \(node 7 had a bad NIC\)/);
  });

  it('accept: the new-baseline mark set after the fact, the flags from that run on cleared; refusals change nothing', async () => {
    s = await factory.create();
    const runs = mfuSeries(8, { dropAt: 5, drop: 0.08 }).map((r, i) =>
      i >= 5 ? { ...r, metrics: { mfu: { ...r.metrics.mfu!, regressed: true as const } } } : r,
    );
    runs[2] = { ...runs[2]!, quarantined: { at: '2026-02-01T00:00:00.000Z', reason: 'bad node' } };
    await s.seed([...runs, sampleRecord('run6', 0.4, { runId: '2000', recordedAt: '2026-03-01T00:00:00.000Z' })]);
    const digest = historyDigest((await s.store().read()).runs).digest;
    for (const [from, words] of [
      ['zzz', 'has no run with the run id or name "zzz"'],
      ['run6', '"run6" is ambiguous'],
      ['1002', 'is quarantined: it never counts in a baseline'],
    ] as const) {
      const r = await run('accept', '--history', s.spec, '--experiment', 'gpt-small', '--from', from);
      expect(r.code, from).toBe(2);
      expect(r.err).toContain(words);
      expect(r.err).not.toMatch(/\n\s+at /);
    }
    expect((await run('accept', '--history', s.spec, '--experiment', 'gpt-small')).err).toContain('--from is required');
    expect(historyDigest((await s.store().read()).runs).digest).toBe(digest);

    const r = await run('accept', '--history', s.spec, '--experiment', 'gpt-small', '--from', '1005');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('accepted run "run5" (run id "1005"');
    expect(r.out).toContain('the regression flags of 2 later runs cleared');
    const after = (await s.store().read()).runs;
    expect(after.map((x) => x.baseline)).toEqual([false, false, false, false, false, true, false, false, false]);
    expect(after.map((x) => x.metrics.mfu!.regressed ?? false)).toEqual(after.map(() => false));
    // Every other record stays as it was.
    expect(historyDigest(after.slice(0, 5)).digest).toBe(historyDigest(runs.slice(0, 5)).digest);
    const again = await run('accept', '--history', s.spec, '--experiment', 'gpt-small', '--from', 'run5');
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('already starts a baseline; left as it is');
    expect((await run('show', '--history', s.spec, '--experiment', 'gpt-small')).out).toMatch(/^run5 .*baseline$/m);
  });

  it('show and changes: the environment, what changed at a change point, and values that stay data', async () => {
    s = await factory.create();
    const env = (i: number) => ({
      cuda: i >= 9 ? '12.6' : '12.4',
      torch: '2.4.1',
      '::error::pwned': 'x\n::warning::y',
    });
    await s.seed(mfuSeries(16, { dropAt: 9, drop: 0.08 }).map((r, i) => ({ ...r, environment: env(i) })));
    const shown = await run('show', '--history', s.spec, '--experiment', 'gpt-small');
    expect(shown.code, shown.err).toBe(0);
    const lines = shown.out.split('\n');
    expect(lines.find((l) => l.startsWith('run '))!.split(/\s{2,}/)).toContain('environment');
    expect(lines.find((l) => l.startsWith('run0 '))).toContain('3 fields');
    expect(lines.find((l) => l.startsWith('run1 '))).toContain('same');
    expect(lines.find((l) => l.startsWith('run9 '))).toContain('cuda 12.4 → 12.6');
    expect(shown.out).toContain('environment of run "run15" (run id "1015"), 3 fields:');
    expect(shown.out).toMatch(/^torch\s+2\.4\.1$/m);
    expect(runnerCommands(shown.out).filter((c) => c.name !== 'stop-commands')).toEqual([]);

    const changes = await run('changes', '--history', s.spec, '--experiment', 'gpt-small');
    expect(changes.code, changes.err).toBe(0);
    const row = changes.out.split('\n').find((l) => l.startsWith('mfu '))!;
    expect(row).toMatch(/coincides with: cuda 12\.4 → 12\.6$/);
  });

  it('remove: the one run named goes, every other record stays byte for byte', async () => {
    s = await factory.create();
    const runs = mfuSeries(4);
    await s.seed(runs);
    const r = await run('remove', '--history', s.spec, '--experiment', 'gpt-small', '--run', '1001');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('removed run "run1" (run id "1001"');
    const left = (await s.store().read()).runs;
    expect(historyDigest(left).digest).toBe(historyDigest([runs[0]!, runs[2]!, runs[3]!]).digest);
  });

  it('an unknown or ambiguous run is exit 2 and changes nothing', async () => {
    s = await factory.create();
    // A batch: one workflow run (run id 77) recorded two runs; and one run name recorded by two workflow runs.
    await s.seed([
      sampleRecord('a', 0.42, { runId: '77' }),
      sampleRecord('b', 0.42, { runId: '77' }),
      sampleRecord('c', 0.42, { runId: '78' }),
      sampleRecord('c', 0.42, { runId: '79' }),
    ]);
    const digest = historyDigest((await s.store().read()).runs).digest;
    for (const [id, words] of [
      ['77', '"77" is ambiguous in experiment "gpt-small": 2 runs match'],
      ['c', '"c" is ambiguous'],
      ['zzz', 'has no run with the run id or name "zzz"'],
    ] as const) {
      for (const cmd of ['remove', 'quarantine']) {
        const r = await run(cmd, '--history', s.spec, '--experiment', 'gpt-small', '--run', id);
        expect(r.code).toBe(2);
        expect(r.err).toContain(words);
        expect(r.err).not.toMatch(/\n\s+at /);
      }
    }
    const other = await run('remove', '--history', s.spec, '--experiment', 'other', '--run', 'a');
    expect(other.code).toBe(2);
    expect(other.err).toContain('no runs of experiment "other"');
    expect(historyDigest((await s.store().read()).runs).digest).toBe(digest);
    // The name picks one of the batch, the run id one of the two "c"s.
    expect((await run('remove', '--history', s.spec, '--experiment', 'gpt-small', '--run', 'b')).code).toBe(0);
    expect((await run('remove', '--history', s.spec, '--experiment', 'gpt-small', '--run', '79')).code).toBe(0);
    expect((await s.store().read()).runs.map((r) => `${r.run}/${r.runId}`)).toEqual(['a/77', 'c/78']);
  });

  it('export: one CSV row per run, metrics as columns, untrusted names quoted and defused', async () => {
    s = await factory.create();
    const hostile = 'x",=HYPERLINK("http://evil"),\n::error::pwned';
    await s.seed([
      ...mfuSeries(2),
      sampleRecord(hostile, 0.4, {
        runId: '5',
        quarantined: { at: '2026-02-01T00:00:00.000Z', reason: 'bad, "really"' },
        metrics: {
          mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: 0.4, spread: 0, n: 10, nonFinite: 0 },
          loss: { kind: 'loss', direction: 'lower', unit: '', centre: 3, final: 2.5, spread: 0, n: 10, nonFinite: 0 },
        },
      }),
    ]);
    const out = join(s.cwd, 'export.csv');
    const r = await run('export', '--history', s.spec, '--output', out);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('exported 3 runs');
    const text = await readFile(out, 'utf8');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0]!)).toEqual([
      'experiment',
      'fingerprint',
      'run',
      'run_id',
      'repository',
      'attempt',
      'ref',
      'sha',
      'recorded_at',
      'steps',
      'complete',
      'baseline',
      'pull_request',
      'quarantined_at',
      'quarantine_reason',
      'loss',
      'mfu',
    ]);
    expect(rows[0]!.sha).toBe(sha(0));
    expect(Number(rows[1]!.mfu)).toBeCloseTo(0.42, 2);
    expect(rows[0]!.loss).toBe('');
    expect(rows[2]!.run).toBe(hostile); // a quote, a comma and a newline stay inside one cell
    expect(rows[2]!.loss).toBe('2.5'); // a loss is exported by its final-window median, as the gate judges it
    expect(rows[2]!.quarantine_reason).toBe('bad, "really"');
    // Stdout: the same CSV, and the runner would run no workflow command from it.
    const stdout = await run('export', '--history', s.spec, '--experiment', 'gpt-small');
    expect(stdout.out).toContain('::error::pwned');
    expect(runnerCommands(stdout.out).filter((c) => c.name !== 'stop-commands')).toEqual([]);
    const defused = await run('export', '--history', s.spec);
    expect(
      parse(defused.out.replace(/^::stop-commands::.*\n|\n::[0-9a-f-]+::\n?$/g, ''), { columns: true }),
    ).toHaveLength(3);
    const formula = sampleRecord('=1+2', 0.4, { runId: '6' });
    await s.seed([formula]);
    const f = await run('export', '--history', s.spec, '--output', out);
    expect(f.code).toBe(0);
    expect((await readFile(out, 'utf8')).split('\r\n').at(-2)).toMatch(/^"gpt-small","gpu=H100,world_size=8","'=1\+2"/);
  });

  it('changes: the change point, its size and direction, and the runs on either side', async () => {
    s = await factory.create();
    await s.seed(mfuSeries(16, { dropAt: 9, drop: 0.08 }));
    const r = await run('changes', '--history', s.spec, '--experiment', 'gpt-small');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('16 runs, 1 change point');
    const row = r.out.split('\n').find((l) => l.startsWith('mfu '))!;
    expect(row).toMatch(/^mfu\s+\u22128\.\d %\s+down, worse\s+0\.42\d* \(9 runs\)\s+0\.38\d* \(7 runs\)/);
    expect(row).toContain(`run8 @ ${sha(8).slice(0, 12)} 2026-01-09T00:00:00.000Z`);
    expect(row).toContain(`run9 @ ${sha(9).slice(0, 12)} 2026-01-10T00:00:00.000Z`);
    // A minimum magnitude above the drop hides it.
    const big = await run('changes', '--history', s.spec, '--experiment', 'gpt-small', '--min-magnitude', '0.1');
    expect(big.out).toContain('0 change points');
    expect(
      (await run('changes', '--history', s.spec, '--experiment', 'gpt-small', '--min-magnitude', 'lots')).code,
    ).toBe(2);
    // The config's metric rules set the default minimum magnitude, as they set the gate's minimum effect.
    const config = join(s.cwd, 'gate.yml');
    await writeFile(config, 'metrics:\n  "mfu": { min_effect: 0.09 }\n');
    const configured = await run('changes', '--history', s.spec, '--experiment', 'gpt-small', '--config', config);
    expect(configured.code, configured.err).toBe(0);
    expect(configured.out).toContain('0 change points');
  });
});

describe('history command errors', () => {
  it('an unknown subcommand or flag is exit 2 with one line, no stack', async () => {
    const cwd = process.cwd();
    const none = await cliIn(cwd, ['history']);
    expect(none.code).toBe(2);
    expect(none.err).toContain('say which: list, show, remove, quarantine, accept, migrate, export, changes');
    const flag = await cliIn(cwd, ['history', 'list', '--histroy', 'x']);
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/^error: history list: Unknown option '--histroy'/);
  });

  it('a password in a history URL, or PGPASSWORD, is never printed', async () => {
    const cwd = process.cwd();
    const env = { PATH: process.env.PATH, PGPASSWORD: 'pg-env-Secret-77' };
    const url = 'postgres://gate:url-Secret-42@127.0.0.1:1/nowhere';
    for (const args of [
      ['list', '--history', url],
      ['show', `--history=${url}`, '--experiment', 'pg-env-Secret-77'],
      ['migrate', '--from', url, '--to', url],
      ['export', '--history', url, '--bogus'],
    ]) {
      const r = await cliIn(cwd, ['history', ...args], env);
      expect(r.code).toBe(2);
      expect(`${r.out}${r.err}`).not.toMatch(/url-Secret-42|pg-env-Secret-77/);
    }
  });

  it('a flag error is one line', async () => {
    const flag = await cliIn(process.cwd(), ['history', 'list', '--histroy', 'x']);
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/^error: history list: Unknown option '--histroy'/);
  });
});
