/**
 * The gate benchmark's environment scenario (bench/gate/environment-shift.ts) on a few trials: at a clear
 * level shift or regression, the report's words name the changed field, and say "unchanged" where nothing
 * changed. `npm run bench:gate -- --only environment` runs it with many more trials (bench/gate/RESULTS.md).
 */
import { describe, expect, it } from 'vitest';
import { environmentShift } from '../../bench/gate/environment-shift.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';

describe('environment scenario of the gate benchmark', () => {
  it('names cuda at a 7 % shift and at a regression, and says unchanged where nothing changed', async () => {
    const table = await environmentShift(4, 1, DEFAULT_GATE_CONFIG);
    const row = (name: string) => table.split('\n').find((l) => l.startsWith(`| ${name} |`))!;
    for (const name of [
      'MFU −7 % level shift in the history, cuda 12.4 → 12.6 at it',
      "this run's MFU −7 %, cuda 12.4 → 12.6 in it",
    ]) {
      expect(row(name)).toMatch(
        /^\| [^|]+ \| 100\.0 % \(4\/4\) \| 100\.0 % \(4\/4\) \| 0\.0 % \(0\/4\) \| 0\.0 % \(0\/4\) \|/,
      );
      expect(row(name)).toContain('`coincides with: cuda 12.4 → 12.6`');
    }
    for (const name of [
      'MFU −7 % level shift in the history, environment unchanged',
      "this run's MFU −7 %, environment unchanged",
    ]) {
      expect(row(name)).toMatch(/\| 100\.0 % \(4\/4\) \| 100\.0 % \(4\/4\) \| — \| 0\.0 % \(0\/4\) \|/);
      expect(row(name)).toContain(
        '`environment unchanged (5 fields: image, driver, cuda, nvidia-nccl-cu12, torch): look at the code first`',
      );
    }
  }, 120_000);
});
