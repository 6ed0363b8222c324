import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Tests start real servers on loopback ports; keep files in separate processes.
    pool: 'forks',
    // Most files wait on servers and child processes, not the CPU: two at once even on 2 cores (vitest's
    // default there is one). Nothing in a test may assume the machine is idle.
    poolOptions: { forks: { maxForks: Math.max(2, availableParallelism()) } },
    // Long files first even on a fresh clone, which has no timings (test/helpers/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
