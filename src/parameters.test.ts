import { describe, expect, it } from 'vitest';
import { githubContextFromEnv } from './options.js';
import { resolveOptions } from './parameters.js';

const resolve = (command: 'emit' | 'record' | 'check', raw: Record<string, string>) =>
  resolveOptions(command, raw, githubContextFromEnv({}), {}, 'cli');

describe('experiment name with a history', () => {
  it('is required for csv runs of record and check (never taken from a path such as out/metrics.csv)', () => {
    for (const command of ['record', 'check'] as const)
      expect(() => resolve(command, { history: 'h.json', csv: 'out/metrics.csv' })).toThrow(
        new RegExp(`^arguments: experiment: ${command} needs the experiment the csv runs belong to`),
      );
    expect(() => resolve('emit', { history: 'h.json', csv: 'out/metrics.csv' })).toThrow(
      /a history needs the experiment/,
    );
    expect(resolve('check', { history: 'h.json', csv: 'out/metrics.csv', experiment: 'gpt' }).experiment).toBe('gpt');
    // A manifest names its runs; emit without a history needs no experiment.
    expect(resolve('record', { history: 'h.json', metadata: 'm.jsonl' }).experiment).toBeNull();
    expect(resolve('emit', { csv: 'out/metrics.csv' }).experiment).toBeNull();
  });

  it('refuses a name without a letter or digit', () => {
    expect(() => resolve('record', { history: 'h.json', csv: 'a.csv', experiment: '.' })).toThrow(
      /experiment: "\." is not an experiment name/,
    );
  });

  it('takes run-id and the run attempt from the environment', () => {
    expect(resolve('record', { history: 'h.json', csv: 'a.csv', experiment: 'e', 'run-id': 'n-7' }).runId).toBe('n-7');
    expect(githubContextFromEnv({ GITHUB_RUN_ATTEMPT: '3' }).runAttempt).toBe('3');
  });
});

describe('durations a timer can wait', () => {
  it('refuses a sink-timeout past the longest timer (it would fire at once), and takes one below it', () => {
    expect(resolve('emit', { csv: 'm.csv', 'sink-timeout': '2147483' }).sinkTimeout).toBe(2_147_483);
    expect(() => resolve('emit', { csv: 'm.csv', 'sink-timeout': '2147484' })).toThrow(
      /sink-timeout: 2147484 is more than 2147483, the longest a timer can wait/,
    );
  });
});
