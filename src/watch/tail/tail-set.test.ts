/**
 * A glob's folder is listed again only when it changed, or a second after the last listing: counted with
 * a spy on readdir and a fake clock (no elapsed time is measured).
 */
import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveRowListener } from './live-rows.js';
import { MAX_FOLLOWED, TailSet } from './tail-set.js';

const listed = vi.hoisted(() => ({ count: 0 }));

vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  return {
    ...fs,
    readdir: (...args: Parameters<typeof fs.readdir>) => {
      listed.count++;
      return fs.readdir(...args);
    },
  };
});

const listener: LiveRowListener = { layout: () => {}, row: () => {}, restarted: () => {} };
let dir: string;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['performance'] });
  dir = mkdtempSync(join(tmpdir(), 'tail-set-'));
  listed.count = 0;
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

describe('TailSet with a glob', () => {
  it('lists an unchanged folder once however often it looks, and finds a file added within a second', async () => {
    writeFileSync(join(dir, 'metrics_rank_0.csv'), 'step,loss\n0,1\n');
    const tails = new TailSet(
      [join(dir, 'metrics_rank_*.csv')],
      () => listener,
      (m) => expect.fail(m),
    );
    for (let i = 0; i < 10; i++) {
      appendFileSync(join(dir, 'metrics_rank_0.csv'), `${i + 1},1\n`); // a file written: its folder unchanged
      await tails.poll();
      vi.advanceTimersByTime(50);
    }
    expect(listed.count).toBe(1);
    expect(tails.files()).toEqual([join(dir, 'metrics_rank_0.csv')]);

    writeFileSync(join(dir, 'metrics_rank_1.csv'), 'step,loss\n0,1\n');
    // Found at the next look where the folder's times tell of the new name, a second later at the latest.
    vi.advanceTimersByTime(1000);
    await tails.poll();
    expect(tails.files()).toEqual([join(dir, 'metrics_rank_0.csv'), join(dir, 'metrics_rank_1.csv')]);
    tails.close();
  });

  it('lists the folder again at once when a file is added (times fine enough to tell)', async () => {
    writeFileSync(join(dir, 'metrics_rank_0.csv'), 'step,loss\n0,1\n');
    const tails = new TailSet(
      [join(dir, 'metrics_rank_*.csv')],
      () => listener,
      (m) => expect.fail(m),
    );
    await tails.poll();
    const before = statSync(dir);
    writeFileSync(join(dir, 'metrics_rank_1.csv'), 'step,loss\n0,1\n');
    const after = statSync(dir);
    await tails.poll();
    // Where the filesystem's times tell of the change (most do, to the nanosecond), the name is found at once.
    const told = after.mtimeMs !== before.mtimeMs || after.ctimeMs !== before.ctimeMs;
    expect(listed.count).toBe(told ? 2 : 1);
    if (told) expect(tails.files()).toHaveLength(2);
    tails.close();
  });

  it(`follows at most ${MAX_FOLLOWED} files, the first in rank order, and says how many more matched`, async () => {
    const n = MAX_FOLLOWED + 300;
    for (let r = n - 1; r >= 0; r--) writeFileSync(join(dir, `metrics_rank_${r}.csv`), 'step,loss\n0,1\n');
    const warnings: string[] = [];
    const tails = new TailSet(
      [join(dir, 'metrics_rank_*.csv')],
      () => listener,
      (m) => warnings.push(m),
    );
    for (let i = 0; i < 3; i++) {
      await tails.poll();
      vi.advanceTimersByTime(2000);
    }
    const files = tails.files();
    expect(files).toHaveLength(MAX_FOLLOWED);
    // Rank order, not the names' (rank 10 after rank 9, not after rank 1).
    expect(files.slice(0, 11)).toEqual(Array.from({ length: 11 }, (_, r) => join(dir, `metrics_rank_${r}.csv`)));
    expect(files.at(-1)).toBe(join(dir, `metrics_rank_${MAX_FOLLOWED - 1}.csv`));
    expect(warnings).toEqual([
      `watch: ${n} files match; following the first ${MAX_FOLLOWED} in rank order (a job's most ranks): the other 300 are neither watched nor read after the run`,
    ]);
    tails.close();
  });
});
