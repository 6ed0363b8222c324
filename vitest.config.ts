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
    // Many files wait on servers and child processes, not the CPU: one more file than cores (three on 2
    // cores, where vitest's default is one) keeps the CPU busy. Nothing in a test may assume it is idle.
    poolOptions: { forks: { maxForks: Math.max(3, availableParallelism() + 1) } },
    // Long files first even on a fresh clone, which has no timings (test/helpers/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
