import { describe, expect, it } from 'vitest';
import { Progress } from './progress.js';

/** A clock the test moves, and what was written. */
function harness(terminal: boolean) {
  let t = 0;
  const out: string[] = [];
  const p = new Progress({ write: (s) => out.push(s), now: () => t, terminal });
  return { p, out, at: (ms: number) => (t = ms) };
}

const MIB = 1024 * 1024;

describe('Progress', () => {
  it('says nothing of work that ends within 2 s', () => {
    for (const terminal of [true, false]) {
      const { p, out, at } = harness(terminal);
      const task = p.task('reading a.csv', 10 * MIB, 'bytes');
      at(1900);
      task.add(10 * MIB);
      task.end();
      expect(out).toEqual([]);
    }
  });

  it('in a terminal redraws one line in place, at most five times a second, and erases it at the end', () => {
    const { p, out, at } = harness(true);
    const task = p.task('reading run.tfevents', 50 * MIB, 'bytes');
    at(2000);
    task.add(20 * MIB);
    at(2100);
    task.add(1 * MIB); // within 200 ms of the last drawing: not drawn
    at(2500);
    task.add(4 * MIB);
    task.end();
    expect(out).toEqual([
      '\r\x1b[Kreading run.tfevents: 20.0 of 50.0 MiB (40 %), 10.0 MiB/s, 3 s left',
      '\r\x1b[Kreading run.tfevents: 25.0 of 50.0 MiB (50 %), 10.0 MiB/s, 3 s left',
      '\r\x1b[K',
    ]);
  });

  it('in a CI log prints a plain line each tenth or after 10 s without one, and a last line', () => {
    const { p, out, at } = harness(false);
    const task = p.task('runs read', 300, 'runs');
    for (let i = 1; i <= 300; i++) {
      at(i * 100);
      task.add(1);
    }
    at(31_000);
    task.grow(100);
    at(42_000);
    task.add(1);
    at(43_000);
    task.end();
    // 20 runs at 2 s (the first line), then one a tenth: 30, 60, … 300; then one after 10 s quiet; the last.
    expect(out.length).toBe(13);
    expect(out.every((l) => l.endsWith('\n') && !l.slice(0, -1).includes('\n'))).toBe(true);
    expect(out[0]).toBe('runs read: 20 of 300 runs (6 %), 10 runs/s, 28 s left\n');
    expect(out[1]).toMatch(/^runs read: 30 of 300 runs \(10 %\)/);
    expect(out[10]).toMatch(/^runs read: 300 of 300 runs \(100 %\)/);
    expect(out[11]).toMatch(/^runs read: 301 of 400 runs \(75 %\)/);
    expect(out[12]).toBe('runs read: 301 runs in 43 s (7 runs/s)\n');
  });

  it('shows nested tasks on one line and keeps a file name on it', () => {
    const { p, out, at } = harness(false);
    const runs = p.task('runs read', 2, 'runs');
    const file = p.task('reading a\n::set-output name=x::##[error]y', MIB, 'bytes');
    at(3000);
    file.add(MIB / 2);
    expect(out).toEqual([
      'runs read: 0 of 2 runs (0 %), 0 runs/s · reading a?::set-output name=x::#?[error]y: 0.5 of 1.0 MiB (50 %), 0.2 MiB/s, 3 s left\n',
    ]);
    file.end();
    runs.end();
  });
});
