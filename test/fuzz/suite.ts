/**
 * The fuzz suite's settings and its one test per input type, shared by the two test files (file inputs,
 * newer surfaces), so vitest can run them side by side.
 *
 *   npm run fuzz                             200 cases per input type (npm test runs 24)
 *   FUZZ_CASES=5000 npm run fuzz             longer runs (cases per input type)
 *   FUZZ_SEED=7 npm run fuzz                 other cases
 *   FUZZ_ONLY=csv:17 npm run fuzz            one case again, as a failure message prints it
 *   FUZZ_REPORT=fuzz npm run fuzz            counts in fuzz.inputs.json, fuzz.surfaces.json and fuzz.outputs.json
 */
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { describeFailures, type FuzzOptions, fuzzInput, type InputReport } from './campaign.js';
import type { FuzzInput } from './inputs.js';

const env = (name: string, fallback: number): number => {
  const v = Number(process.env[name]);
  return process.env[name] && Number.isFinite(v) && v >= 0 ? v : fallback;
};
const [onlyInput, onlyIndex] = (process.env.FUZZ_ONLY ?? '').split(':');

export const OPTIONS: FuzzOptions = {
  seed: env('FUZZ_SEED', 15_013),
  // npm test takes 24 per type (each of the 16 mutations alone, then 8 mixes); npm run fuzz takes 200.
  cases: env('FUZZ_CASES', 24),
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

/** One test per input type, so one type's failures do not hide another's; `suite` names the report file. */
export function fuzzSuite(suite: string, inputs: readonly FuzzInput[]): void {
  const reports: InputReport[] = [];
  describe(`fuzzed ${suite}: exit 0/1/2, no stack trace or workflow command, bounded time and heap`, () => {
    for (const input of inputs) {
      it.skipIf(onlyInput !== undefined && onlyInput !== '' && onlyInput !== input.name)(
        `${input.name}: ${OPTIONS.cases} mutated cases (seed ${OPTIONS.seed})`,
        async () => {
          const report = await fuzzInput(input, OPTIONS);
          reports.push(report);
          console.log(describeFailures(report, 0));
          if (process.env.FUZZ_REPORT)
            await writeFile(`${process.env.FUZZ_REPORT}.${suite}.json`, JSON.stringify(reports, null, 2));
          expect(report.casesRun).toBeGreaterThan(0);
          expect(report.failures.length, describeFailures(report)).toBe(0);
        },
        TEST_MS,
      );
    }
  });
}
