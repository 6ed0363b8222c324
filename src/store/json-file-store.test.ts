import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { InputError } from '../model.js';
import { serializeHistory } from './history.js';
import { JsonFileStore } from './json-file-store.js';
import { parseHistory } from './parse-history.js';
import { SOURCE_CLI } from '../../test/helpers/source-cli.js';

const dir = () => mkdtemp(join(tmpdir(), 'tmg-json-store-'));

describe('JSON file history store', () => {
  it('starts a new history when the file does not exist, and appends in order', async () => {
    const path = join(await dir(), 'h.json');
    const store = new JsonFileStore(path);
    expect((await store.read()).runs).toEqual([]);
    await store.append([sampleRecord('a')], 10);
    await store.append([sampleRecord('b'), sampleRecord('c')], 10);
    expect((await store.read()).runs.map((r) => r.run)).toEqual(['a', 'b', 'c']);
  });

  it('never overwrites a corrupt file and names its line', async () => {
    const path = join(await dir(), 'h.json');
    const bad = '{"format":1,"runs":[\n{"run": oops}\n]}\n';
    await writeFile(path, bad);
    const store = new JsonFileStore(path);
    const error = await store.append([sampleRecord('a')], 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/h\.json:2: history is not valid JSON/);
    expect(await readFile(path, 'utf8')).toBe(bad);
  });

  it('refuses a history from a newer version and leaves it alone', async () => {
    const path = join(await dir(), 'h.json');
    await writeFile(path, '{"format":9,"runs":[]}');
    const error = await new JsonFileStore(path).append([sampleRecord('a')], 10).catch((e: unknown) => e);
    expect((error as InputError).detail).toMatch(/newer version/);
    expect(await readFile(path, 'utf8')).toBe('{"format":9,"runs":[]}');
  });

  it('leaves the old file or the new one when the writer is killed mid-write (real process, SIGKILL)', async () => {
    const d = await dir();
    const path = join(d, 'h.json');
    // A large history makes each write long enough to be interrupted.
    const big = Array.from({ length: 3000 }, (_, i) => sampleRecord(`old-${i}`));
    const old = serializeHistory({ format: 1, runs: big });
    await writeFile(path, old);
    const script = [
      `import { JsonFileStore } from ${JSON.stringify(new URL('./json-file-store.ts', import.meta.url).pathname)};`,
      `import { sampleRecord } from ${JSON.stringify(new URL('../../test/helpers/history-records.ts', import.meta.url).pathname)};`,
      `const s = new JsonFileStore(${JSON.stringify(path)});`,
      `for (let i = 0; ; i++) await s.append([sampleRecord('new-' + i)], 100000);`,
    ].join('\n');
    let lastLength = 3000;
    for (const delay of [0, 40, 120]) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk) => {
        stderr += String(chunk);
      });
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, signal) => r(signal)));
      let gone = false;
      void exited.then(() => {
        gone = true;
      });
      // Start-up takes a varying time on a loaded machine: kill a while after the writer's first append.
      // The wait ends on that append or on the writer's exit, whichever comes first: never a fixed time.
      const written = (await stat(path)).mtimeMs;
      while (!gone && (await stat(path)).mtimeMs === written) await new Promise((r) => setTimeout(r, 5));
      expect(gone, `the writer exited before its first append: ${stderr}`).toBe(false);
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      // Killed while still writing, not exited on its own (a crash would leave the old file and prove nothing).
      expect(await exited).toBe('SIGKILL');
      const text = await readFile(path, 'utf8');
      const h = parseHistory(text, path); // throws if half-written
      expect(h.runs.slice(0, 3000).map((r) => r.run)).toEqual(big.map((r) => r.run));
      lastLength = h.runs.length;
    }
    // The writers got some appends through: the kills landed among real writes.
    expect(lastLength).toBeGreaterThan(3000);
    const stray = (await readdir(d)).filter((f) => f !== 'h.json');
    // A killed writer may leave its temporary file, the lock's own file before it was linked, or its lock
    // (which the next writer breaks) behind, never a damaged history.
    expect(stray.every((f) => f.endsWith('.tmp') || f.endsWith('.new') || f === 'h.json.lock')).toBe(true);
  }, 120_000);

  it('keeps 8 records from 8 concurrent record processes (the CLI from src, real child processes)', async () => {
    const d = await dir();
    const path = join(d, 'h.json');
    const csv = 'fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv';
    const codes = await Promise.all(
      Array.from({ length: 8 }, () => cli(['record', '--history', path, '--experiment', 'e', '--csv', csv])),
    );
    expect(codes.map((c) => c.code)).toEqual(new Array(8).fill(0));
    expect(parseHistory(await readFile(path, 'utf8'), path).runs).toHaveLength(8);
    // No lock or temporary file left behind.
    expect(await readdir(d)).toEqual(['h.json']);
  }, 120_000);

  it('replaces the record of a run recorded again (same run id, a later attempt), never adds a second', async () => {
    const path = join(await dir(), 'h.json');
    const store = new JsonFileStore(path);
    await store.append([sampleRecord('a', 0.42, { runId: '77', repository: 'o/r', attempt: 1 })], 10);
    await store.append([sampleRecord('b', 0.42, { runId: '78', repository: 'o/r', attempt: 1 })], 10);
    await store.append([sampleRecord('a', 0.4, { runId: '77', repository: 'o/r', attempt: 2 })], 10);
    const runs = (await store.read()).runs;
    expect(runs.map((r) => [r.run, r.attempt, r.metrics.mfu!.centre])).toEqual([
      ['a', 2, 0.4],
      ['b', 1, 0.42],
    ]);
    // An older attempt arriving late does not undo the newer one.
    await store.append([sampleRecord('a', 0.3, { runId: '77', repository: 'o/r', attempt: 1 })], 10);
    expect((await store.read()).runs[0]!.metrics.mfu!.centre).toBe(0.4);
    // Without a run id a run has no identity: each record counts.
    await store.append([sampleRecord('c', 0.42, { runId: '' }), sampleRecord('c', 0.42, { runId: '' })], 10);
    expect((await store.read()).runs).toHaveLength(4);
  });

  it('writes a symlinked history through to its target, keeps its mode and its unknown top-level keys', async () => {
    const d = await dir();
    await mkdir(join(d, 'data'));
    const target = join(d, 'data', 'real.json');
    await writeFile(target, '{"note":"kept by hand","format":1,"runs":[]}\n');
    await chmod(target, 0o640);
    const link = join(d, 'h.json');
    await symlink(target, link);
    await new JsonFileStore(link).append([sampleRecord('a')], 10);
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect((await stat(target)).mode & 0o777).toBe(0o640);
    const text = await readFile(target, 'utf8');
    expect(JSON.parse(text).note).toBe('kept by hand');
    expect(parseHistory(text, target).runs.map((r) => r.run)).toEqual(['a']);
    expect((await readdir(d)).sort()).toEqual(['data', 'h.json']);
    expect(await readdir(join(d, 'data'))).toEqual(['real.json']);
  });

  it('removes its temporary file and lock when the write fails, and leaves the history as it was', async () => {
    const d = await dir();
    const path = join(d, 'h.json');
    await writeFile(path, serializeHistory({ format: 1, runs: [sampleRecord('old')] }));
    const before = await readFile(path, 'utf8');
    // A record JSON cannot write (a BigInt) makes the write fail after the lock is taken.
    const bad = sampleRecord('bad', 0.42, { steps: 1n as unknown as number });
    const error = await new JsonFileStore(path).append([bad], 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await readdir(d)).toEqual(['h.json']);
    expect(await readFile(path, 'utf8')).toBe(before);
  });

  it('breaks a lock left by a writer that is gone, and waits for one that is alive', async () => {
    const d = await dir();
    const path = join(d, 'h.json');
    await writeFile(`${path}.lock`, JSON.stringify({ host: hostname(), pid: 2 ** 22 + 12345, token: 'dead' }));
    await new JsonFileStore(path).append([sampleRecord('a')], 10);
    expect((await new JsonFileStore(path).read()).runs).toHaveLength(1);
    await writeFile(`${path}.lock`, JSON.stringify({ host: hostname(), pid: process.pid, token: 'alive' }));
    const error = await new JsonFileStore(path, { timeoutMs: 300 })
      .append([sampleRecord('b')], 10)
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/h\.json\.lock is held by another writer/);
    expect((await new JsonFileStore(path).read()).runs).toHaveLength(1);
  });

  it('breaks an empty lock a killed writer of an older version left, once it is older than a write takes', async () => {
    const d = await dir();
    const path = join(d, 'h.json');
    await writeFile(`${path}.lock`, '');
    // Dated 10 s back instead of waiting: the test holds no clock.
    const then = new Date(Date.now() - 10_000);
    await utimes(`${path}.lock`, then, then);
    await new JsonFileStore(path, { timeoutMs: 60_000 }).append([sampleRecord('a')], 10);
    expect((await new JsonFileStore(path).read()).runs).toHaveLength(1);
    expect(await readdir(d)).toEqual(['h.json']);
  });
});

function cli(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, GITHUB_RUN_ID: '', GITHUB_ACTIONS: '' },
    });
    let stderr = '';
    child.stderr.on('data', (b) => (stderr += b));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}
