/**
 * watch on a TensorBoard event file while it is written: the real file tensorboardX wrote for the NaN run
 * (fixtures/tensorboard/nan/, train/loss NaN at step 300 of 500), fed by a child process a few hundred
 * bytes at a time, cut inside records. Watch reads whole records only, and stops the run on the NaN loss
 * at step 300 (the writer would otherwise go on). A healthy run written the same way is watched to its end.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Scratch, watch } from './watch-harness.js';

const FEEDER = resolve('test/watch/programs/byte-feeder.mjs');
const NAN_RUN = resolve('fixtures/tensorboard/nan/events.out.tfevents.1700030000.fixture-host');
const SIMPLE_RUN = resolve('fixtures/tensorboard/simple/events.out.tfevents.1700000000.fixture-host');

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

function feeder(from: string, out: string, chunk: number, linger = false): string[] {
  const spec = scratch.path('feed.json');
  writeFileSync(spec, JSON.stringify({ from, out, chunk, intervalMs: 5, linger }));
  return [process.execPath, FEEDER, spec];
}

describe('watch tails TensorBoard event files', () => {
  it('stops the run on the NaN loss at step 300, reading whole records of a file written in pieces', async () => {
    const out = scratch.path('events.out.tfevents.1.host');
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json'), 'abort-on': 'nan' },
      feeder(NAN_RUN, out, 337, true),
    );
    expect(w.code, w.errors.join('\n')).toBe(1);
    const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
    expect(j.aborted).toMatchObject({ reason: 'nan', step: 300, metric: 'train/loss' });
    // The job was stopped (it would have lingered), and the file it left holds what was written: a prefix.
    expect(j.child.signal).toBe('SIGTERM');
    const left = readFileSync(out);
    expect(readFileSync(NAN_RUN).subarray(0, left.length).equals(left)).toBe(true);
  });

  it('watches a healthy run to its end, and the job after it reads the same file', async () => {
    const out = scratch.path('events.out.tfevents.2.host');
    const w = await watch(
      { csv: [out], experiment: 'e', json: scratch.path('out.json') },
      feeder(SIMPLE_RUN, out, 4096),
    );
    expect(w.code, w.errors.join('\n')).toBe(0);
    const j = JSON.parse(readFileSync(scratch.path('out.json'), 'utf8'));
    expect(j.aborted ?? null).toBeNull();
    expect(j.runs[0].metrics.map((m: { name: string }) => m.name)).toContain('train/loss');
  });
});
