import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { InputError } from '../model.js';
import { serializeHistory } from './history.js';
import { JsonFileStore } from './json-file-store.js';
import { parseHistory } from './parse-history.js';

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
    for (const delay of [150, 400, 900]) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: 'ignore',
      });
      await new Promise((r) => setTimeout(r, delay));
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_code, signal) => r(signal)));
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
    // A killed writer may leave its temporary file behind, never a damaged history.
    expect(stray.every((f) => f.endsWith('.tmp'))).toBe(true);
  }, 30_000);
});
