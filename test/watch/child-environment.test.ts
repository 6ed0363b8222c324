/**
 * The watched command gets the environment a `run:` step gets: a real child process prints its
 * environment, and the runner's node-action-only ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL,
 * ACTIONS_CACHE_URL and ACTIONS_ID_TOKEN_REQUEST_* are not in it, while everything else is.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Scratch, watch } from './watch-harness.js';

const RUNNER_ONLY = {
  ACTIONS_RUNTIME_TOKEN: 'runtime-secret',
  ACTIONS_RUNTIME_URL: 'https://pipelines.example/runtime',
  ACTIONS_RESULTS_URL: 'https://results.example/',
  ACTIONS_CACHE_URL: 'https://cache.example/',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-secret',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://oidc.example/',
};

let scratch: Scratch;
const saved: Record<string, string | undefined> = {};
beforeEach(() => {
  scratch = new Scratch();
  for (const [k, v] of Object.entries({ ...RUNNER_ONLY, ACTIONS_STEP_DEBUG: 'true', MY_TRAINING_FLAG: 'kept' })) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  scratch.remove();
});

describe('the watched command’s environment', () => {
  it('is a run: step’s: no runtime token, results or cache URL, nor OIDC request pair', async () => {
    const csv = scratch.path('m.csv');
    const dump = scratch.path('env.txt');
    await watch({ csv: [csv], experiment: 'e' }, [
      'sh',
      '-c',
      `env > '${dump}'; printf 'step,loss\\n1,2\\n2,1.9\\n' > '${csv}'`,
    ]);
    const env = readFileSync(dump, 'utf8');
    for (const key of Object.keys(RUNNER_ONLY)) expect(env).not.toContain(`${key}=`);
    expect(env).not.toContain('runtime-secret');
    expect(env).toContain('MY_TRAINING_FLAG=kept');
    expect(env).toContain('ACTIONS_STEP_DEBUG=true');
    expect(env).toContain('PATH=');
  });
});
