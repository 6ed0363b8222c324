/**
 * The trend site of a 50-run history on a git data branch (a real repository, one commit per run, as a
 * daily job leaves it), written by the CLI and opened from file:// in Debian's headless Chromium: the
 * index and the experiment page render with no console error, the charts have one point per stored run,
 * the environment change at the change point is marked, and every link resolves.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetRecords } from '../../bench/site/site-history.js';
import type { HistoryRecord } from '../../src/model.js';
import { pageFile, SITE_FILES } from '../../src/site/index.js';
import { openHistory } from '../../src/store/index.js';
import { launchChromium } from '../helpers/chromium.js';
import { requireProgram } from '../helpers/programs.js';
import { gitClone } from '../store/store-kinds.js';
import { expectMarksMatch, loadPage, siteCli } from './site-checks.js';

const chromiumPath = requireProgram('chromium', '/usr/bin/chromium', 'chromium');

describe.skipIf(!chromiumPath)('trend site of a git-branch history in headless Chromium', () => {
  let browser: Browser;
  let clone: string;
  let out: string;
  let stored: HistoryRecord[];

  beforeAll(async () => {
    clone = await gitClone('tmg-site-git-');
    out = mkdtempSync(join(tmpdir(), 'tmg-site-out-'));
    // Experiment 3 of the fleet: its MFU drops at run 30, where CUDA goes from 12.4 to 12.6.
    const runs = [...fleetRecords(4, 50)].filter((r) => r.experiment === 'exp-0003');
    const store = openHistory('git:metrics-history', { cwd: clone });
    for (const r of runs) await store.append([r], 1000);
    expect(await siteCli(['--history', 'git:metrics-history', '--output', out], clone)).toContain(
      '1 experiment page and an index',
    );
    stored = (await openHistory('git:metrics-history', { cwd: clone }).read()).runs;
    browser = await launchChromium(chromiumPath!);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(out, { recursive: true, force: true });
    rmSync(join(clone, '..'), { recursive: true, force: true });
  });

  it('holds the 50 runs, one commit each, and writes an index, a page and its CSV', () => {
    expect(stored).toHaveLength(50);
    // The data branch as the remote holds it: a commit per run.
    const commits = execFileSync('git', ['rev-list', '--count', 'refs/heads/metrics-history'], {
      cwd: join(clone, '..', 'remote.git'),
      encoding: 'utf8',
    });
    expect(Number(commits)).toBeGreaterThanOrEqual(50);
    expect(readdirSync(out).sort()).toEqual(
      [
        'index.html',
        `${pageFile('exp-0003', stored[0]!.fingerprint)}.csv`,
        `${pageFile('exp-0003', stored[0]!.fingerprint)}.html`,
        SITE_FILES,
      ].sort(),
    );
  });

  it('renders the index with a row per experiment that links to its page', async () => {
    const index = await loadPage(browser, out, 'index.html');
    // The row, and the line that names the experiments whose latest run regressed (its MFU dropped).
    const file = `${pageFile('exp-0003', stored[0]!.fingerprint)}.html`;
    expect(index.hrefs).toEqual([file, file]);
    expect(index.text).toContain('Latest run regressed in 1: exp-0003');
  });

  it('draws a point per stored run in each chart, at the stored value, and marks the environment change', async () => {
    const file = `${pageFile('exp-0003', stored[0]!.fingerprint)}.html`;
    const page = await loadPage(browser, out, file);
    expect(page.charts).toBe(4);
    expectMarksMatch(page, stored, ['lm_loss', 'mfu', 'step_time']);
    expect(page.marks.filter((m) => m.metric === 'mfu')).toHaveLength(50);
    const p = await browser.newPage();
    await p.goto(`file://${join(out, file)}`);
    const mfuText = await p.locator('section#m-mfu figcaption').textContent();
    expect(mfuText).toContain('coincides with: cuda 12.4 → 12.6');
    expect(await p.locator('section#m-mfu svg line.xrule.change.environment').count()).toBe(1);
    expect(await p.locator('section#m-mfu svg rect.span.culprit').count()).toBe(1);
    expect(await p.locator('section#m-mfu table tbody tr').count()).toBe(30);
    // By keyboard: Tab reaches the chart's table view, Enter opens it.
    const table = p.locator('section#m-mfu details.table-view table');
    expect(await table.isVisible()).toBe(false);
    for (let i = 0; i < 20 && !(await p.evaluate("document.activeElement?.closest('section#m-mfu') !== null")); i++)
      await p.keyboard.press('Tab');
    expect(await p.evaluate('document.activeElement?.tagName')).toBe('SUMMARY');
    await p.keyboard.press('Enter');
    expect(await table.isVisible()).toBe(true);
    await p.close();
  });
});
