/**
 * Seeded fuzzing of every input type the CLI reads: a few hundred mutated cases each, run through
 * main(argv, env) in a case server, a spread-out few again as real processes. Each case must exit 0, 1 or
 * 2, print no stack trace and start no workflow command, end within its time bound with its heap
 * bounded, and a history `record` refused must be left byte-identical. The newer surfaces (watch,
 * calibrate, `check --bisect`, the PostgreSQL store) are in surface-inputs.ts. One test per input type, so one
 * type's failures do not hide another's.
 *
 *   npm run fuzz                             200 cases per input type (npm test runs 40)
 *   FUZZ_CASES=5000 npm run fuzz             longer runs (cases per input type)
 *   FUZZ_SEED=7 npm run fuzz                 other cases
 *   FUZZ_ONLY=csv:17 npm run fuzz            one case again, as a failure message prints it
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { describeFailures, type FuzzOptions, fuzzInput, type InputReport } from './campaign.js';
import { INPUTS } from './inputs.js';
import { surfaceInputs } from './surface-inputs.js';

const env = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v >= 0 ? v : fallback;
};
const [onlyInput, onlyIndex] = (process.env.FUZZ_ONLY ?? '').split(':');

const OPTIONS: FuzzOptions = {
  seed: env('FUZZ_SEED', 15_013),
  // npm test takes 40 per type (each of the 16 mutations alone, then mixes); npm run fuzz takes 200.
  cases: env('FUZZ_CASES', 40),
  processes: env('FUZZ_PROCESSES', 3),
  bounds: {
    caseMs: env('FUZZ_CASE_MS', 5_000),
    heapGrowthBytes: env('FUZZ_HEAP_MB', 256) << 20,
    datagramBytes: 1432,
  },
  processStartMs: 10_000,
  maxHangs: 3,
  only: onlyIndex !== undefined ? Number(onlyIndex) : null,
};

// Room for every case to run to its bound before the test itself gives up.
const TEST_MS = 120_000 + OPTIONS.cases * 200 + OPTIONS.maxHangs * OPTIONS.bounds.caseMs;
const reports: InputReport[] = [];

describe('fuzzed inputs: exit 0/1/2, no stack trace or workflow command, bounded time and heap', () => {
  for (const input of [...INPUTS, ...surfaceInputs()]) {
    it.skipIf(onlyInput !== undefined && onlyInput !== '' && onlyInput !== input.name)(
      `${input.name}: ${OPTIONS.cases} mutated cases (seed ${OPTIONS.seed})`,
      async () => {
        const report = await fuzzInput(input, OPTIONS);
        reports.push(report);
        console.log(describeFailures(report, 0));
        if (process.env.FUZZ_REPORT) await writeFile(process.env.FUZZ_REPORT, JSON.stringify(reports, null, 2));
        expect(report.casesRun).toBeGreaterThan(0);
        expect(report.failures.length, describeFailures(report)).toBe(0);
      },
      TEST_MS,
    );
  }
});
