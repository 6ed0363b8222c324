/**
 * A failed write is never a verdict: the CLI (from source, a real child process) whose stdout or stderr
 * pipe is closed by its reader early — `training-metrics-gate … | head -1`, `2>&1 | head` — exits with the
 * run's own code and prints no stack trace; it never exits 1 from an uncaught EPIPE.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCE_CLI } from '../helpers/source-cli.js';

interface Closed {
  code: number | null;
  stderr: string;
  stdoutBytes: number;
}

/** Run the CLI, closing `stream` after its first chunk ('stdout') or before any ('stderr'). */
function runClosing(stream: 'stdout' | 'stderr', args: string[]): Promise<Closed> {
  const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  const out: Closed = { code: null, stderr: '', stdoutBytes: 0 };
  if (stream === 'stdout') {
    child.stdout.once('data', (d: Buffer) => {
      out.stdoutBytes += d.length;
      child.stdout.destroy();
    });
    child.stderr.on('data', (d) => (out.stderr += d));
  } else {
    child.stderr.destroy();
    child.stdout.on('data', (d: Buffer) => (out.stdoutBytes += d.length));
  }
  return new Promise((done) => child.on('close', (code) => done({ ...out, code })));
}

/** A small run whose reading warns (a text column is left out) on stderr. */
function warningCsv(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-pipes-'));
  const rows = Array.from({ length: 50 }, (_, i) => `${i},${(3 - i * 0.01).toFixed(3)},${0.4 + (i % 3) * 0.001},ok`);
  const path = join(dir, 'run.csv');
  writeFileSync(path, `step,loss,mfu,note\n${rows.join('\n')}\n`);
  return path;
}

describe('closed output pipes (real child processes)', () => {
  it('stdout closed after its first chunk (| head -1): the run ends with its own exit code, no stack trace', async () => {
    const r = await runClosing('stdout', [
      'emit',
      '--metadata',
      'fixtures/demo/experiment_metadata.jsonl',
      '--dry-run',
    ]);
    expect(r.stdoutBytes).toBeGreaterThan(0);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at |internal error/);
  }, 60_000);

  it('stderr closed before the warnings are written: exit code 0, not an uncaught EPIPE (exit 1)', async () => {
    const r = await runClosing('stderr', ['emit', '--csv', warningCsv(), '--dry-run']);
    expect(r.stdoutBytes).toBeGreaterThan(0);
    expect(r.code).toBe(0);
  }, 60_000);

  it('stderr closed on a bad input: exit code 2 still', async () => {
    const r = await runClosing('stderr', ['emit', '--csv', 'no/such/file.csv', '--dry-run']);
    expect(r.code).toBe(2);
  }, 60_000);
});
