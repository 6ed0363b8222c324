import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OutputStreams } from './output-streams.js';

/** A stream that fails every write with `code` (as a pipe does: the error comes as an event). */
function failing(code: string): Writable {
  return new Writable({
    write(_chunk, _enc, done) {
      done(Object.assign(new Error(`write ${code}`), { code }));
    },
  });
}

function recording(into: string[]): Writable {
  return new Writable({
    write(chunk, _enc, done) {
      into.push(String(chunk));
      done();
    },
  });
}

const tick = () => new Promise((r) => setImmediate(r));

describe('OutputStreams', () => {
  it('a reader that left (EPIPE) ends that output only: no message, the verdict stands', async () => {
    const err: string[] = [];
    const s = new OutputStreams({ stdout: failing('EPIPE'), stderr: recording(err) }).guard();
    s.write('stdout', 'line 1\n');
    await tick();
    s.write('stdout', 'line 2\n');
    s.write('stderr', 'warning: x\n');
    await tick();
    expect(err).toEqual(['warning: x\n']);
    expect(s.exitCode(1)).toBe(1);
    expect(s.exitCode(0)).toBe(0);
  });

  it('any other failed write (ENOBUFS) is said on the other stream and makes the exit code 2', async () => {
    const err: string[] = [];
    const s = new OutputStreams({ stdout: failing('ENOBUFS'), stderr: recording(err) }).guard();
    s.write('stdout', 'line 1\n');
    await tick();
    s.write('stdout', 'line 2\n');
    await tick();
    expect(err).toEqual(['error: cannot write to stdout (ENOBUFS); the output is incomplete\n']);
    expect(s.exitCode(0)).toBe(2);
    expect(s.exitCode(1)).toBe(2);
  });

  it('with both streams failing, nothing is thrown', async () => {
    const s = new OutputStreams({ stdout: failing('EIO'), stderr: failing('EIO') }).guard();
    s.write('stdout', 'x\n');
    s.write('stderr', 'y\n');
    await tick();
    await tick();
    expect(s.failure).toMatch(/cannot write to std(out|err) \(EIO\)/);
  });
});
