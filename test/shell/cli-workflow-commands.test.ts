/**
 * No workflow-command injection through the CLI: a run name (from the file name), a path, a metric name,
 * an experiment name or an error text holding a newline and `::error::`, `::set-output`, `::add-mask::` or
 * `::stop-commands::` never starts a command on stdout or stderr, as the runner reads them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { INJECTED_COMMANDS, runnerCommands } from '../helpers/workflow-commands.js';

const OWN_STOP = /^::stop-commands::[0-9a-f]{8}-[0-9a-f-]{27}$/;
const LOCAL = { PATH: process.env.PATH, HOME: process.env.HOME };

async function cli(args: string[]): Promise<{ code: number; output: string }> {
  const chunks: string[] = [];
  const capture = (s: unknown) => {
    chunks.push(String(s));
    return true;
  };
  const o = vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  const e = vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    return { code: await main(args, LOCAL), output: chunks.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/** A small run whose file name and loss column name carry the command on a line of their own. */
function hostileCsv(command: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-inject-'));
  const rows = Array.from({ length: 40 }, (_, i) => `${i},${(3 - i * 0.01).toFixed(3)},${0.4 + (i % 3) * 0.001}`);
  const path = join(dir, `run\n${command}.csv`);
  writeFileSync(path, `step,"loss\n${command}",mfu\n${rows.join('\n')}\n`);
  return path;
}

describe('CLI output and workflow commands', () => {
  for (const command of INJECTED_COMMANDS) {
    it(`runs no ${command.split(/::| /)[1]} command from names, paths or error text`, async () => {
      const csv = hostileCsv(command);
      const history = join(mkdtempSync(join(tmpdir(), 'tmg-inject-h-')), 'h.json');
      const experiment = `exp\n${command}`;
      const runs = [
        await cli(['emit', '--csv', csv, '--dry-run', '--experiment', experiment]),
        await cli(['record', '--csv', csv, '--history', history, '--experiment', experiment]),
        await cli(['check', '--csv', csv, '--history', history, '--experiment', experiment]),
        await cli(['emit', '--csv', `missing\n${command}.csv`, '--dry-run']),
      ];
      const all = runs.map((r) => r.output).join('\n');
      expect(all).toContain(command); // the hostile text did reach the output…
      const commands = runnerCommands(all);
      // …but every time inside a stop-commands pair of the CLI's own random token: the runner runs nothing else.
      expect(commands.filter((c) => !OWN_STOP.test(c.line))).toEqual([]);
      expect(commands.length).toBeGreaterThan(0);
      expect(runs[3]!.code).toBe(2);
    });
  }
});
