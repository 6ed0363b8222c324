/**
 * `calibrate` (the CLI, in process) over A/A runs whose values are near the largest double: the YAML it
 * writes holds no `Infinity` or `NaN`, in a rule or a comment; runs of values near 1.7e308 are calibrated
 * as the same runs near 1 are, and one run of 1e308 among runs near 0.4 is said to be too noisy.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/random.js';
import { cliIn } from '../helpers/cli-in-process.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** Five runs of 400 steps; `mfu(run)` is the run's MFU level (0.1 % noise from step to step). */
async function runs(dir: string, mfu: (run: number) => number): Promise<string[]> {
  const files: string[] = [];
  for (let r = 1; r <= 5; r++) {
    const rnd = mulberry32(r);
    const rows = Array.from({ length: 400 }, (_, i) => {
      const s = i + 1;
      return `${s},${((2 / (1 + s / 100)) * (1 + rnd() * 0.01)).toFixed(5)},${(1 + rnd() * 0.01).toFixed(4)},${mfu(r) * (1 + rnd() * 0.001)}`;
    });
    const path = join(dir, `run-${r}.csv`);
    await writeFile(path, `step,loss,step_time,mfu\n${rows.join('\n')}\n`);
    files.push(path);
  }
  return files;
}

async function calibrate(mfu: (run: number) => number): Promise<{ code: number; yaml: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tmg-calibrate-huge-'));
  dirs.push(dir);
  const files = await runs(dir, mfu);
  const r = await cliIn(dir, ['calibrate', ...files.flatMap((f) => ['--csv', f])]);
  return { code: r.code, yaml: r.out };
}

describe('calibrate with values near the largest double', () => {
  it('writes no non-finite number, and calibrates runs near 1.6e308 as it calibrates the same near 0.4', async () => {
    // Runs 1 % apart: sums of two of these values overflow a double.
    const huge = await calibrate((r) => 1.6e308 * (1 + 0.01 * (r % 3)));
    const plain = await calibrate((r) => 0.4 * (1 + 0.01 * (r % 3)));
    expect(huge.code).toBe(0);
    expect(huge.yaml).not.toMatch(/Infinity|NaN/);
    expect(huge.yaml).toMatch(/"mfu": \{ kind: window, direction: higher, min_effect: [0-9.]+ \}/);
    const rule = (yaml: string) =>
      /"mfu": \{ kind: window, direction: higher, min_effect: ([0-9.]+) \}/.exec(yaml)?.[1];
    expect(rule(huge.yaml)).toBe(rule(plain.yaml));
  }, 120_000);

  it('says a metric with one run at 1e308 among runs near 0.4 is too noisy, in finite words', async () => {
    const mixed = await calibrate((r) => (r === 2 ? 1e308 : 0.4));
    expect(mixed.code).toBe(0);
    expect(mixed.yaml).not.toMatch(/Infinity|NaN/);
    expect(mixed.yaml).toMatch(/# mfu: not calibrated, too noisy/);
  }, 120_000);
});
