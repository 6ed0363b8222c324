/**
 * Inputs that are not regular files: a FIFO (made with mkfifo, nobody writing to it), a character device
 * (/dev/zero, endless) and a socket-like special file are refused in one line, exit 2, before any read,
 * wherever a file is given: --csv, --config, --history, --comment-file, --metadata. Without the check,
 * opening a FIFO for reading waits for a writer for ever.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cliIn } from '../helpers/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'special-'));
const fifo = join(dir, 'pipe');
execFileSync('mkfifo', [fifo]);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CASES: [string, string[]][] = [
  ['--csv', ['emit', '--dry-run', '--csv', fifo]],
  ['--config', ['emit', '--dry-run', '--csv', 'fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv', '--config', fifo]],
  [
    '--history',
    ['check', '--history', fifo, '--experiment', 'e', '--csv', 'fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv'],
  ],
  ['--comment-file', ['post-comment', '--comment-file', fifo]],
  ['--metadata', ['emit', '--dry-run', '--metadata', fifo]],
];

describe('FIFOs and devices as input files', () => {
  it.each(CASES)('%s: a FIFO is refused in one line, exit 2', async (_flag, args) => {
    const root = new URL('../../', import.meta.url).pathname;
    const r = await cliIn(root, args);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(/is a FIFO \(named pipe\), not a regular file; refused before any read/);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('/dev/zero as a metrics file is refused as a device, never read', async () => {
    const root = new URL('../../', import.meta.url).pathname;
    const r = await cliIn(root, ['emit', '--dry-run', '--csv', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/\/dev\/zero: is a character device, not a regular file/);
  });
});
