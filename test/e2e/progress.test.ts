/**
 * Progress of a long read on stderr, in both forms, never on stdout; --quiet silences it. The clock is the
 * test's: every look at it is three seconds later, so a read of a small file is a long one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleIo } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { OutputStreams } from '../../src/cli/output-streams.js';
import { event, header } from '../helpers/tfevents.js';

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'progress-'));
  file = join(dir, 'events.out.tfevents.1.host');
  const steps = Array.from({ length: 2000 }, (_, i) =>
    event(i + 1, [
      { tag: 'train/loss', simple_value: 3 / Math.sqrt(i + 1) },
      { tag: 'perf/mfu', simple_value: 0.4 },
    ]),
  );
  await writeFile(file, Buffer.concat([header(), ...steps]));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function sink(into: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      into.push(String(chunk));
      done();
    },
  });
}

async function emit(args: string[], env: NodeJS.ProcessEnv, terminal: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  let t = 0;
  const io = new ConsoleIo(new OutputStreams({ stdout: sink(out), stderr: sink(err) }), {
    terminal,
    now: () => (t += 3000),
  });
  const code = await main(['emit', '--csv', file, '--dry-run', ...args], env, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('progress of a long read', () => {
  it('in a CI log: plain lines on stderr, the last one saying what was read; nothing on stdout', async () => {
    const r = await emit([], { CI: 'true' }, false);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^reading .*events\.out\.tfevents\.1\.host: \d+\.\d of \d+\.\d MiB \(\d+ %\), /m);
    expect(r.stderr).toMatch(/^reading .*events\.out\.tfevents\.1\.host: \d+\.\d MiB in \d+ s \(/m);
    expect(r.stderr).not.toContain('\r');
    expect(r.stdout).not.toMatch(/reading|MiB/);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .every((l) => /^[\w.]+:[^|]+\|(g|c|ms|h|d)\b/.test(l)),
    ).toBe(true);
  });

  it('in a terminal: one line redrawn in place and erased at the end; nothing on stdout', async () => {
    const r = await emit([], {}, true);
    expect(r.code).toBe(0);
    const ERASE = '\r\u001b[K';
    expect(r.stderr).toContain(`${ERASE}reading `);
    expect(r.stderr).toMatch(/reading .*: \d+\.\d of \d+\.\d MiB \(\d+ %\)/);
    expect(r.stderr.lastIndexOf(ERASE)).toBeGreaterThan(r.stderr.lastIndexOf('reading '));
    expect(r.stderr.split('\n').filter((l) => l.includes('reading'))).toHaveLength(1);
    expect(r.stdout).not.toMatch(/reading|MiB|\r/);
  });

  it('--quiet silences it', async () => {
    for (const [env, terminal] of [
      [{ CI: 'true' }, false],
      [{}, true],
    ] as const) {
      const r = await emit(['--quiet'], env, terminal);
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/reading|MiB|\r/);
    }
  });
});
