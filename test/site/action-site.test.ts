/**
 * `command: site` in the action as the runner runs it (dist/index.js, so it needs `npm run bundle` after
 * a change): the history input's trend site lands in site-output, and a missing site-output is a clear
 * input error, not an internal one.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serializeHistory } from '../../src/store/history.js';
import { runAction } from '../helpers/action.js';
import { trendHistory } from '../helpers/site-history.js';

describe('the action with command: site', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-action-site-'));
  const history = join(dir, 'history.json');
  writeFileSync(history, serializeHistory({ format: 1, runs: trendHistory() }));

  it('writes the trend site of the history into site-output', async () => {
    const out = join(dir, 'site');
    const run = await runAction({ command: 'site', history, 'site-output': out });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain('1 experiment page and an index');
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(readdirSync(out).filter((f) => f.endsWith('.html'))).toHaveLength(2);
  });

  it('says which input is missing', async () => {
    const run = await runAction({ command: 'site', history });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain('site-output: site needs the folder to write the site into');
  });
});
