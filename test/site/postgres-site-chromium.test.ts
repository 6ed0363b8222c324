/**
 * The trend site of a 100,000-record PostgreSQL history (a real server from Debian): 990 experiments ×
 * 100 runs and one of 1,000 runs, written by the CLI (its entry, in this process), opened from file:// in headless Chromium. The index
 * and three pages render with no console error; their charts' points are checked against the store's
 * own records (count and value), the long experiment's thinned to evenly spaced runs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetExperiment, fleetOf100k, LONG_EXPERIMENT } from '../../bench/site/site-history.js';
import { DEFAULT_MAX_POINTS, groupRuns, pageFile } from '../../src/site/index.js';
import { openHistory } from '../../src/store/index.js';
import { launchChromium } from '../helpers/chromium.js';
import { type Postgres, postgresBin, startPostgres } from '../helpers/postgres.js';
import { fillPostgres } from '../helpers/postgres-fill.js';
import { requireProgram } from '../helpers/programs.js';
import { expectMarksMatch, loadPage, siteCli } from './site-checks.js';

const chromiumPath = requireProgram('chromium', '/usr/bin/chromium', 'chromium');
const available = chromiumPath !== null && postgresBin() !== null;
const METRICS = ['lm_loss', 'mfu', 'step_time'];

describe.skipIf(!available)('trend site of a 100,000-record PostgreSQL history in headless Chromium', () => {
  let server: Postgres;
  let url: string;
  let out: string;
  let browser: Browser;

  beforeAll(async () => {
    server = await startPostgres();
    url = await server.newDatabase();
    expect(await fillPostgres(url, fleetOf100k(), 1000)).toBe(100_000);
    out = mkdtempSync(join(tmpdir(), 'tmg-site-pg-'));
    await siteCli(['--history', url, '--output', out]);
    browser = await launchChromium(chromiumPath!);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('writes a page and a CSV per experiment and fingerprint, and an index that links each', async () => {
    const files = readdirSync(out);
    expect(files.filter((f) => f.endsWith('.html'))).toHaveLength(992);
    expect(files.filter((f) => f.endsWith('.csv'))).toHaveLength(991);
    const index = await loadPage(browser, out, 'index.html');
    expect(new Set(index.hrefs).size).toBe(991);
    // Every tenth experiment's MFU dropped 8 % at run 60 and nobody marked it: 99 regressions named first.
    expect(index.text).toContain('Latest run regressed in 99: exp-0003');
  });

  it.each([fleetExperiment(3), fleetExperiment(500), LONG_EXPERIMENT])(
    "draws %s's runs as the store holds them",
    async (experiment) => {
      const stored = (await openHistory(url).read({ experiments: [experiment] })).runs;
      const [group, ...rest] = groupRuns(stored);
      expect(rest).toEqual([]);
      const page = await loadPage(browser, out, `${pageFile(experiment, group!.fingerprint)}.html`);
      expectMarksMatch(page, group!.records, METRICS);
      const runs = page.marks.filter((m) => m.metric === 'mfu' && m.series === 'run');
      if (experiment === LONG_EXPERIMENT) {
        // Thinned: evenly spaced, the first and the last run kept.
        expect(runs).toHaveLength(DEFAULT_MAX_POINTS);
        const inBaseline = group!.records.flatMap((r, x) => (r.quarantined || r.pullRequest ? [] : [x]));
        expect(runs[0]!.x).toBe(inBaseline[0]);
        expect(runs[runs.length - 1]!.x).toBe(inBaseline[inBaseline.length - 1]);
      } else expect(runs.length).toBeGreaterThan(90);
    },
  );
});
