/**
 * A writer killed with SIGKILL in the middle of its writes, on each store (a JSON file, a git data branch,
 * PostgreSQL), as the JSON file store's own test does for its file: a real process appending a record at a
 * time in a loop, killed with its whole process group (git's children too: a runner that kills a job kills
 * its tree) after its first, third and sixth append has landed. Each time the history reads back whole
 * (every earlier record there, as it was), and the next `record` process (the CLI) adds its record: no
 * lock, transaction or ref the killed writer held stops it. When to kill is told by the appends seen, not
 * by a time.
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { HistoryRecord } from '../../src/model.js';
import { openHistory } from '../../src/store/index.js';
import { sampleRecord } from '../helpers/history-records.js';
import { cliFromSource, postgresServer, storeKinds } from './store-kinds.js';

afterAll(() => postgresServer.stop());

const SEED = 400;
const NEXT_CSV = new URL('../../fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv', import.meta.url).pathname;
/** The run name `record` gives NEXT_CSV's run. */
const NEXT_RUN = 'gpt3-1.3b-tp1-01';
const script = (spec: string, cwd: string, k: number) =>
  [
    `import { openHistory } from ${JSON.stringify(new URL('../../src/store/index.ts', import.meta.url).pathname)};`,
    `import { sampleRecord } from ${JSON.stringify(new URL('../helpers/history-records.ts', import.meta.url).pathname)};`,
    `const store = openHistory(${JSON.stringify(spec)}, { cwd: ${JSON.stringify(cwd)} });`,
    `for (let i = 0; ; i++) await store.append([sampleRecord('new-${k}-' + i, 0.42, { runId: 'w${k}-' + i })], 100000);`,
  ].join('\n');

/** The runs' names and their MFU, in the store's order. */
async function names(spec: string, cwd: string): Promise<[string, number][]> {
  const store = openHistory(spec, { cwd });
  try {
    return (await store.read()).runs.map((r) => [r.run, r.metrics.mfu!.centre as number]);
  } finally {
    await store.close();
  }
}

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`a writer killed mid-write on the ${kind.name} store`, () => {
    it('leaves the history whole, and the next record process writes', async () => {
      const { spec, cwd } = await kind.create();
      const seed: HistoryRecord[] = Array.from({ length: SEED }, (_, i) =>
        sampleRecord(`old-${i}`, 0.4 + i / 1e5, { runId: `o${i}` }),
      );
      const store = openHistory(spec, { cwd });
      await store.append(seed, 100_000);
      await store.close();
      const before = await names(spec, cwd);
      expect(before).toHaveLength(SEED);

      let landed = 0;
      for (const [k, appends] of [1, 3, 6].entries()) {
        // From the checkout, where tsx resolves; the store works in its own folder (a git store's clone).
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(spec, cwd, k)], {
          detached: true,
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, GITHUB_ACTIONS: '' },
        });
        let stderr = '';
        child.stderr!.on('data', (b) => (stderr += b));
        const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, signal) => r(signal)));
        let gone = false;
        void exited.then(() => (gone = true));
        const start = (await names(spec, cwd)).length;
        while (!gone && (await names(spec, cwd)).length < start + appends) await new Promise((r) => setTimeout(r, 5));
        expect(gone, `the writer ended by itself: ${stderr}`).toBe(false);
        process.kill(-child.pid!, 'SIGKILL');
        expect(await exited).toBe('SIGKILL');

        const after = await names(spec, cwd);
        // Whole: every earlier record as it was, in its place; the writer's, each at most once.
        expect(after.slice(0, SEED)).toEqual(before);
        const written = after.slice(SEED).map(([run]) => run);
        const writers = written.filter((r) => r.startsWith('new-'));
        expect(new Set(writers).size).toBe(writers.length);
        expect(written.every((r) => r.startsWith('new-') || r === NEXT_RUN)).toBe(true);
        expect(after.length).toBeGreaterThanOrEqual(start + appends);
        landed += after.length - start;

        // The next writer is not stopped by what the killed one left (a lock, a transaction, a ref).
        const next = await cliFromSource(
          // --history-max: record keeps at most that many runs of every experiment and fingerprint.
          [
            'record',
            '--history',
            spec,
            '--history-max',
            '100000',
            '--experiment',
            'gpt-small',
            '--csv',
            NEXT_CSV,
            '--run-id',
            `next-${k}`,
          ],
          cwd,
        );
        expect(next.code, next.stderr).toBe(0);
        const final = await names(spec, cwd);
        expect(final.slice(0, after.length)).toEqual(after);
        expect(final).toHaveLength(after.length + 1);
      }
      expect(landed).toBeGreaterThanOrEqual(10);
    }, 600_000);
  });
}
