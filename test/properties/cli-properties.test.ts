/**
 * The same real files through the CLI as a user runs it (record, then check, in this process): a history
 * of six copies of the file as written, then check an identical copy and the same run written again with
 * its columns reordered, CRLF line ends and an extra unrelated column — each passes (exit 0). Formats
 * other than CSV are written as CSV for the last three, so the check also compares across formats.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliIn } from '../helpers/cli-in-process.js';
import { type RealRun, realRuns } from './real-runs.js';
import { toCsv } from './transforms.js';

let runs: RealRun[] = [];
const dir = mkdtempSync(join(tmpdir(), 'cli-properties-'));
beforeAll(async () => {
  ({ runs } = await realRuns());
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('properties of the verdict on every real run, through the CLI', () => {
  it('passes an identical copy and the same run reordered, with CRLF and with an extra column', async () => {
    expect(runs.length).toBeGreaterThanOrEqual(30);
    for (const [i, run] of runs.entries()) {
      const here = join(dir, String(i));
      const history = join(here, 'history.json');
      const ext = basename(run.file).includes('.') ? run.file.slice(run.file.lastIndexOf('.')) : '';
      const copies = Array.from({ length: 6 }, (_, k) => join(here, `copy-${k}${ext}`));
      mkdirSync(here, { recursive: true });
      for (const c of copies) cpSync(run.file, c, { recursive: true });
      const recorded = await cliIn(here, [
        'record',
        '--history',
        history,
        '--experiment',
        'e',
        ...copies.flatMap((c) => ['--csv', c]),
      ]);
      expect(recorded.code, `${run.name}: record: ${recorded.err}`).toBe(0);

      const identical = join(here, `identical${ext}`);
      cpSync(run.file, identical, { recursive: true });
      const names = Object.keys(run.table.values);
      const variants: [string, string][] = [
        ['identical', identical],
        ['reordered', write(here, 'reordered.csv', toCsv(run.table, { order: [...names].reverse() }))],
        ['crlf', write(here, 'crlf.csv', toCsv(run.table, { eol: '\r\n' }))],
        [
          'extra column',
          write(
            here,
            'extra.csv',
            toCsv(run.table, { extra: { name: 'host_rack_slot', value: (r) => String(r % 4) } }),
          ),
        ],
      ];
      for (const [what, file] of variants) {
        const r = await cliIn(here, ['check', '--history', history, '--experiment', 'e', '--csv', file]);
        expect(r.code, `${run.name}, ${what}: ${r.out}${r.err}`).toBe(0);
        expect(r.out, `${run.name}, ${what}`).not.toMatch(/regression —/);
      }
    }
  }, 600_000);
});

function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
