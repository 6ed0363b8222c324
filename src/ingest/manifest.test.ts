import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { readManifest } from './manifest.js';
import { openTable } from './open-table.js';

let root: string;
let dir: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ingest-manifest-'));
  dir = join(root, 'batch');
  await mkdir(join(dir, 'runs/a'), { recursive: true });
  await mkdir(join(dir, 'runs/b'), { recursive: true });
  await mkdir(join(dir, 'runs/two'), { recursive: true });
  await mkdir(join(dir, 'runs/none'), { recursive: true });
  await writeFile(join(dir, 'runs/a/metrics_rank_0.csv'), 'step,loss\n1,2\n');
  await writeFile(join(dir, 'runs/a/other.csv'), 'step,loss\n1,2\n');
  await writeFile(join(dir, 'runs/b/train_log.csv'), 'step,loss\n1,2\n');
  await writeFile(join(dir, 'runs/two/x.csv'), '');
  await writeFile(join(dir, 'runs/two/y.csv'), '');
  await writeFile(join(dir, 'flat.csv'), 'step,loss\n1,2\n');
  await writeFile(join(root, 'outside.csv'), 'step,loss\n1,2\n');
  await symlink(join(root, 'outside.csv'), join(dir, 'sneaky.csv'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function manifest(lines: string[]): Promise<string> {
  const path = join(dir, 'experiment_metadata.jsonl');
  await writeFile(path, lines.join('\n'));
  return path;
}

describe('readManifest', () => {
  it('reads runs: name, directory or file path, config object flattened to strings, fingerprint, duration', async () => {
    const path = await manifest([
      JSON.stringify({
        name: 'gpt3-15b-tp8',
        dir: 'runs/a',
        config: { model: 'gpt3-15b', tp: 8, seq_len: 4096, optimizer: { name: 'adam', zero: true }, tags: ['x'] },
        gpu: 'H100-SXM',
        num_gpus: 64,
        nodes: 8,
        duration_seconds: 3600.5,
      }),
      '',
      JSON.stringify({
        run_name: 'flat-run',
        csv: './flat.csv',
        model: 'llama',
        batch_size: 32,
        world_size: '8',
        gpu_type: 'A100',
      }),
      JSON.stringify({ experiment: 'b', path: 'runs/b/' }),
    ]);
    const { runs, errors } = await readManifest(path);
    expect(errors).toEqual([]);
    expect(runs).toEqual([
      {
        line: 1,
        name: 'gpt3-15b-tp8',
        file: join(dir, 'runs/a/metrics_rank_0.csv'),
        config: { model: 'gpt3-15b', tp: '8', seq_len: '4096', 'optimizer.name': 'adam', 'optimizer.zero': 'true' },
        fingerprint: { gpu: 'H100-SXM', world_size: '64', nodes: '8' },
        durationSeconds: 3600.5,
      },
      {
        line: 3,
        name: 'flat-run',
        file: join(dir, 'flat.csv'),
        config: { model: 'llama', batch_size: '32', world_size: '8', gpu_type: 'A100' },
        fingerprint: { gpu: 'A100', world_size: '8' },
      },
      { line: 4, name: 'b', file: join(dir, 'runs/b/train_log.csv'), config: {}, fingerprint: {} },
    ]);
  });

  it('reports broken lines with their line numbers and still returns the good runs', async () => {
    const path = await manifest([
      JSON.stringify({ name: 'good', csv: 'flat.csv' }),
      '{"name": "bad json", ',
      JSON.stringify({ name: 'no path', model: 'x' }),
      JSON.stringify({ name: 'missing', csv: 'runs/nope.csv' }),
      JSON.stringify({ name: 'escape', csv: '../outside.csv' }),
      JSON.stringify({ name: 'absolute', csv: join(root, 'outside.csv') }),
      JSON.stringify({ name: 'symlink out', csv: 'sneaky.csv' }),
      JSON.stringify({ name: 'two csvs', dir: 'runs/two' }),
      JSON.stringify({ name: 'no csv', dir: 'runs/none' }),
      JSON.stringify({ name: 'good', csv: 'runs/a/other.csv' }),
      JSON.stringify({ name: 'bad duration', csv: 'flat.csv', duration_seconds: 'soon' }),
      '[1, 2]',
      '{"name": "endless", "csv": "flat.csv", "duration_seconds": 1e300}',
    ]);
    const { runs, errors } = await readManifest(path);
    expect(runs.map((r) => r.name)).toEqual(['good']);
    expect(errors.every((e) => e instanceof InputError)).toBe(true);
    expect(errors.map((e) => [e.line, e.detail])).toEqual([
      [2, expect.stringMatching(/^not valid JSON/)],
      [3, expect.stringMatching(/^run has no metrics path \(one of: csv, metrics/)],
      [4, 'metrics path "runs/nope.csv" not found'],
      [5, `metrics path "../outside.csv" is outside the manifest's folder; refused`],
      [6, expect.stringMatching(/is outside the manifest's folder; refused$/)],
      [7, `metrics path "sneaky.csv" is outside the manifest's folder; refused`],
      [8, 'directory "runs/two" has no metrics_rank_0.csv and 2 CSVs (x.csv, y.csv); name the file'],
      [9, 'directory "runs/none" has no metrics_rank_0.csv and no other CSV'],
      [10, 'run name "good" already used on line 1'],
      [11, '"duration_seconds" is not a duration in seconds: "soon"'],
      [12, 'expected a JSON object per line'],
      [13, '"duration_seconds" is not a duration in seconds: 1e+300'],
    ]);
    expect(errors[0]!.message.startsWith(`${path}:2: `)).toBe(true);
  });

  it('accepts a folder whose name merely starts with two dots', async () => {
    const path = await manifest([JSON.stringify({ name: 'dots', csv: '..data/m.csv' })]);
    await mkdir(join(dirname(path), '..data'));
    await writeFile(join(dirname(path), '..data', 'm.csv'), 'step,loss\n1,2\n');
    const { runs, errors } = await readManifest(path);
    expect(errors).toEqual([]);
    expect(runs.map((r) => r.name)).toEqual(['dots']);
  });

  it('names a run without a name after its folder and file', async () => {
    const { runs } = await readManifest(await manifest([JSON.stringify({ metrics: 'runs/a' })]));
    expect(runs[0]!.name).toBe('a/metrics_rank_0');
  });

  it('skips lines that are not runs (a ledger of events) and says so when none is a run', async () => {
    const real = join(import.meta.dirname, '../../fixtures/real/experiment_ledger_manifest_inferencex_gb200.jsonl');
    const { runs, errors } = await readManifest(real);
    expect(runs).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.line).toBeNull();
    expect(errors[0]!.detail).toMatch(/^no runs: none of the 88 lines names a metrics file .*"checkpoint" events/);
  });

  it('ignores event lines among runs', async () => {
    const { runs, errors } = await readManifest(
      await manifest([
        JSON.stringify({ kind: 'checkpoint', notes: 'x' }),
        JSON.stringify({ name: 'r', csv: 'flat.csv' }),
      ]),
    );
    expect(errors).toEqual([]);
    expect(runs.map((r) => r.line)).toEqual([2]);
  });

  it('throws for a missing manifest and reports an empty one', async () => {
    await expect(readManifest(join(dir, 'none.jsonl'))).rejects.toThrow(/none\.jsonl: manifest not found/);
    const { errors } = await readManifest(await manifest(['', '  ']));
    expect(errors.map((e) => e.detail)).toEqual(['no runs: the manifest is empty']);
  });
});

describe('readManifest with manifest-root', () => {
  let shared: string;
  beforeAll(async () => {
    shared = join(root, 'shared-storage');
    await mkdir(join(shared, 'perf/run1'), { recursive: true });
    await writeFile(join(shared, 'perf/run1/metrics_rank_0.csv'), 'step,loss\n1,2\n');
    await writeFile(join(root, 'secret.csv'), 'step,loss\n1,2\n');
    await symlink(join(root, 'secret.csv'), join(shared, 'perf/leak.csv'));
  });

  it('allows absolute paths under a named root, and still refuses escapes from it after resolving .. and symlinks', async () => {
    const path = await manifest([
      JSON.stringify({ name: 'abs', dir: join(shared, 'perf/run1') }),
      JSON.stringify({ name: 'dotdot', csv: `${shared}/perf/run1/../../../secret.csv` }),
      JSON.stringify({ name: 'link', csv: join(shared, 'perf/leak.csv') }),
      JSON.stringify({ name: 'local', csv: 'flat.csv' }),
    ]);
    const { runs, errors } = await readManifest(path, { roots: [join(shared, 'perf')] });
    expect(runs.map((r) => [r.name, r.file])).toEqual([
      ['abs', join(shared, 'perf/run1/metrics_rank_0.csv')],
      ['local', join(dir, 'flat.csv')],
    ]);
    expect(errors.map((e) => [e.line, e.detail])).toEqual([
      [2, expect.stringMatching(/is outside the manifest's folder and every manifest-root \(.*perf\); refused$/)],
      [3, expect.stringMatching(/"[^"]*leak\.csv" is outside the manifest's folder and every manifest-root/)],
    ]);
    // Without a root the same absolute path is refused, as before.
    const without = await readManifest(path);
    expect(without.errors[0]!.detail).toMatch(/metrics path ".*run1" is outside the manifest's folder; refused$/);
  });

  it('takes several roots, as repeated values or a path list, and refuses a root that does not exist', async () => {
    const path = await manifest([JSON.stringify({ name: 'abs', dir: join(shared, 'perf/run1') })]);
    const listed = await readManifest(path, { roots: [dir, `${join(root, 'batch')}:${shared}`] });
    expect(listed.errors).toEqual([]);
    expect(listed.runs).toHaveLength(1);
    await expect(readManifest(path, { roots: [join(root, 'does-not-exist')] })).rejects.toThrow(
      /^manifest-root: ".*does-not-exist" not found$/,
    );
  });
});

describe('readManifest run times', () => {
  it('reads start and end (ISO with Z or offset, epoch seconds), or one of them and the duration', async () => {
    const path = await manifest([
      JSON.stringify({
        name: 'iso',
        csv: 'flat.csv',
        start_time: '2025-09-24T03:48:30Z',
        end_time: '2025-09-24T05:48:30+02:00',
      }),
      JSON.stringify({ name: 'epoch', csv: 'flat.csv', started_at: 1758685710, duration_seconds: 60 }),
      JSON.stringify({ name: 'end', csv: 'flat.csv', config: { end_time: 1758685770000, duration: 60 } }),
      JSON.stringify({ name: 'none', csv: 'flat.csv', start_time: '2025-09-24T03:48:30Z' }),
      JSON.stringify({ name: 'bad', csv: 'flat.csv', start_time: 'soon' }),
      JSON.stringify({ name: 'backwards', csv: 'flat.csv', start_time: 2000, end_time: 1000 }),
    ]);
    const { runs, errors } = await readManifest(path);
    const start = Date.UTC(2025, 8, 24, 3, 48, 30);
    expect(runs.map((r) => [r.name, r.timeRange])).toEqual([
      ['iso', { start, end: start }],
      ['epoch', { start: 1758685710000, end: 1758685770000 }],
      ['end', { start: 1758685710000, end: 1758685770000 }],
      ['none', undefined],
    ]);
    // Times are the run's, never tags.
    expect(runs.every((r) => !Object.keys(r.config).some((k) => /start|end/.test(k)))).toBe(true);
    expect(errors.map((e) => [e.line, e.detail])).toEqual([
      [5, '"start_time" is not a time: "soon"'],
      [6, '"end_time" is before "start_time"'],
    ]);
  });
});

describe('manifest paths are opened as checked', () => {
  it('refuses a checked file replaced by a symlink before it is opened', async () => {
    await writeFile(join(dir, 'swap.csv'), 'step,loss\n1,2\n');
    const { runs } = await readManifest(await manifest([JSON.stringify({ name: 's', csv: 'swap.csv' })]));
    expect(runs[0]!.file).toBe(join(dir, 'swap.csv'));
    // Between the check and the open, the file becomes a link to one outside the manifest's folder.
    await rm(join(dir, 'swap.csv'));
    await symlink(join(root, 'outside.csv'), join(dir, 'swap.csv'));
    await expect(openTable(runs[0]!.file)).rejects.toThrow(/swap\.csv: became a symlink after it was checked; refused/);
  });

  it('refuses a file reached through a folder swapped for a symlink', async () => {
    await mkdir(join(dir, 'runs/swapdir'), { recursive: true });
    await writeFile(join(dir, 'runs/swapdir/metrics_rank_0.csv'), 'step,loss\n1,2\n');
    await mkdir(join(root, 'elsewhere'), { recursive: true });
    await writeFile(join(root, 'elsewhere/metrics_rank_0.csv'), 'step,loss\n9,9\n');
    const { runs } = await readManifest(await manifest([JSON.stringify({ name: 'd', dir: 'runs/swapdir' })]));
    await rm(join(dir, 'runs/swapdir'), { recursive: true });
    await symlink(join(root, 'elsewhere'), join(dir, 'runs/swapdir'));
    await expect(openTable(runs[0]!.file)).rejects.toThrow(
      /is not the file that was checked \(replaced since\); refused/,
    );
  });

  it('still opens the checked file when nothing changed', async () => {
    const { runs } = await readManifest(await manifest([JSON.stringify({ name: 'f', csv: 'flat.csv' })]));
    const table = await openTable(runs[0]!.file);
    expect(table.columns).toContain('loss');
  });
});

describe('a run directory of several ranks', () => {
  it("lists every rank's file, in rank order, each checked; a lone rank's file stays the run's only file", async () => {
    await mkdir(join(dir, 'runs/job'), { recursive: true });
    for (const r of [0, 1, 10, 2]) await writeFile(join(dir, `runs/job/metrics_rank_${r}.csv`), 'step,loss\n1,2\n');
    const path = await manifest([
      JSON.stringify({ name: 'job', dir: 'runs/job' }),
      JSON.stringify({ name: 'one', dir: 'runs/a' }),
      JSON.stringify({ name: 'file', csv: 'runs/job/metrics_rank_0.csv' }),
    ]);
    const { runs, errors } = await readManifest(path);
    expect(errors).toEqual([]);
    expect(runs[0]!.rankFiles).toEqual(
      [0, 1, 2, 10].map((rank) => ({ rank, file: join(dir, `runs/job/metrics_rank_${rank}.csv`) })),
    );
    expect(runs[1]!.rankFiles).toBeUndefined();
    expect(runs[2]!.rankFiles).toBeUndefined();
  });
});

describe('ranks listed a line each', () => {
  const files = async (names: string[]) => {
    await mkdir(join(dir, 'logs'), { recursive: true });
    for (const n of names) await writeFile(join(dir, 'logs', n), 'step,loss\n1,2\n');
  };

  it('makes the lines of one run name one job, in rank order, whatever the files are called; the rank is no tag', async () => {
    await files(['node-b.csv', 'node-a.csv', 'node-c.csv', 'other.csv']);
    const path = await manifest([
      JSON.stringify({ name: 'job', rank: 2, csv: 'logs/node-c.csv', model: 'gpt', world_size: 3 }),
      JSON.stringify({ name: 'other', csv: 'logs/other.csv' }),
      JSON.stringify({ name: 'job', rank: '0', csv: 'logs/node-a.csv', model: 'gpt', world_size: 3 }),
      JSON.stringify({ name: 'job', global_rank: 1, csv: 'logs/node-b.csv', model: 'gpt', world_size: 3 }),
    ]);
    const { runs, errors } = await readManifest(path);
    expect(errors).toEqual([]);
    expect(runs.map((r) => r.name)).toEqual(['job', 'other']);
    expect(runs[0]!.rankFiles).toEqual([
      { rank: 0, file: join(dir, 'logs/node-a.csv') },
      { rank: 1, file: join(dir, 'logs/node-b.csv') },
      { rank: 2, file: join(dir, 'logs/node-c.csv') },
    ]);
    expect(runs[0]!.file).toBe(join(dir, 'logs/node-a.csv'));
    expect(runs[0]!.config).toEqual({ model: 'gpt', world_size: '3' });
    expect(runs[0]!.fingerprint).toEqual({ world_size: '3' });
    expect(runs[1]!.rankFiles).toBeUndefined();
  });

  it('keeps a lone rank line a run of its own', async () => {
    await files(['a.csv']);
    const { runs, errors } = await readManifest(
      await manifest([JSON.stringify({ name: 'j', rank: 0, csv: 'logs/a.csv' })]),
    );
    expect(errors).toEqual([]);
    expect(runs[0]!.rankFiles).toBeUndefined();
  });

  it('refuses a rank listed twice, a bad rank, and a name used with and without a rank, keeping the other lines', async () => {
    await files(['a.csv', 'b.csv', 'c.csv']);
    const path = await manifest([
      JSON.stringify({ name: 'j', rank: 0, csv: 'logs/a.csv' }),
      JSON.stringify({ name: 'j', rank: 1, csv: 'logs/b.csv' }),
      JSON.stringify({ name: 'j', rank: 1, csv: 'logs/c.csv' }),
      JSON.stringify({ name: 'j', csv: 'logs/c.csv' }),
      JSON.stringify({ name: 'k', rank: -1, csv: 'logs/c.csv' }),
      JSON.stringify({ name: 'l', rank: 'r2', csv: 'logs/c.csv' }),
      JSON.stringify({ name: 'm', csv: 'logs/c.csv' }),
      JSON.stringify({ name: 'm', rank: 3, csv: 'logs/a.csv' }),
    ]);
    const { runs, errors } = await readManifest(path);
    expect(errors.map((e) => e.message.slice(path.length))).toEqual([
      ':3: rank 1 of run "j" already listed on line 2',
      ':4: run name "j" already used on line 1',
      ':5: "rank" is not a rank (a whole number from 0): -1',
      ':6: "rank" is not a rank (a whole number from 0): "r2"',
      ':8: run name "m" already used on line 7',
    ]);
    expect(runs.map((r) => [r.name, r.rankFiles?.length])).toEqual([
      ['j', 2],
      ['m', undefined],
    ]);
  });
});
