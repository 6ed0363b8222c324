/**
 * Data is never cut: `history list`, `show` and `export` of a 10,000-run history write every run to
 * stdout through the CLI's real console (the message limit of 2,000 characters is for messages), and a
 * run name that would start a workflow command still cannot.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { ConsoleIo } from '../../src/cli/io.js';
import { OutputStreams } from '../../src/cli/output-streams.js';
import { sampleRecord } from '../helpers/history-records.js';

const dir = mkdtempSync(join(tmpdir(), 'history-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const H = join(dir, 'history.json');
const N = 10_000;
const runs = Array.from({ length: N }, (_, i) =>
  sampleRecord(i === 7 ? '::error::owned' : `run-${i}`, 0.42 + (i % 7) / 1000, {
    runId: String(i),
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
  }),
);
writeFileSync(H, JSON.stringify({ format: 1, runs }));

/** The CLI's entry with its real ConsoleIo, stdout captured whole. */
async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const chunks: string[] = [];
  const sink = (keep: boolean) =>
    new Writable({
      write(chunk, _encoding, done) {
        if (keep) chunks.push(String(chunk));
        done();
      },
    });
  const streams = new OutputStreams({ stdout: sink(true), stderr: sink(false) });
  const code = await main(args, { PATH: process.env.PATH }, new ConsoleIo(streams));
  return { code, out: chunks.join('') };
}

describe('history output is data, never cut', () => {
  it('export to stdout holds all 10,000 runs', { timeout: 120_000 }, async () => {
    const r = await cli(['history', 'export', '--history', H]);
    expect(r.code).toBe(0);
    expect(r.out).not.toMatch(/more characters\)/);
    for (const i of [0, 1, 4999, N - 1]) expect(r.out).toContain(`run-${i}`);
    // One CSV row per run besides the header; the hostile name never at the start of a line.
    expect(r.out.split('\n').filter((l) => /run-\d+/.test(l))).toHaveLength(N - 1);
    expect(r.out).not.toMatch(/^\s*::error::/m);
  });

  it('list and show are whole too', { timeout: 120_000 }, async () => {
    const list = await cli(['history', 'list', '--history', H]);
    expect(list.code).toBe(0);
    expect(list.out).not.toMatch(/more characters\)/);
    const show = await cli(['history', 'show', '--history', H, '--experiment', 'gpt-small']);
    expect(show.code).toBe(0);
    expect(show.out).not.toMatch(/more characters\)/);
    expect(show.out).toContain(`run-${N - 1}`);
    // In show's text the name could lead a line: then the output is inside a stop-commands pair.
    if (/^\s*::error::/m.test(show.out)) expect(show.out).toMatch(/^::stop-commands::[0-9a-f-]{36}$/m);
  });
});
