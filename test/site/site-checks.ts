/**
 * What every trend-site page must do in headless Chromium, checked against the store's own records: it
 * loads with no console error and asks for nothing but itself; each chart draws one mark per run of the
 * metric (up to the thinning limit, per series) at the store's value; every relative link names a file
 * of the site.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { HistoryRecord } from '../../src/model.js';
import { DEFAULT_MAX_POINTS } from '../../src/site/index.js';
import { metricValue } from '../../src/store/history-overview.js';
import { watchPage } from '../helpers/chromium.js';
import { cliIn } from '../helpers/cli-in-process.js';

export interface DrawnMark {
  metric: string;
  x: number;
  value: number;
  series: string;
}

export interface LoadedPage {
  marks: DrawnMark[];
  charts: number;
  hrefs: string[];
  /** The page's text as a person reads it. */
  text: string;
}

export async function loadPage(browser: Browser, dir: string, file: string): Promise<LoadedPage> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const { problems, requests } = watchPage(page);
  const url = pathToFileURL(join(dir, file)).href;
  await page.goto(url, { waitUntil: 'load' });
  const marks = await page.locator('section.metric').evaluateAll((sections) =>
    sections.flatMap((s) => {
      const metric = s.querySelector('h2')?.textContent ?? '';
      return [...s.querySelectorAll('svg.chart circle.mark')].map((c) => ({
        metric,
        x: Number(c.getAttribute('data-x')),
        value: Number(c.getAttribute('data-value')),
        series: c.classList.contains('pr') ? 'pr' : c.classList.contains('quarantined') ? 'quarantined' : 'run',
      }));
    }),
  );
  const charts = await page.locator('svg.chart').count();
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const text = (await page.locator('body').textContent()) ?? '';
  await page.close();
  expect(problems, file).toEqual([]);
  expect(requests, file).toEqual([url]);
  for (const href of hrefs) {
    if (/^https:\/\/github\.com\/[^/]+\/[^/]+\/compare\/[0-9a-f]+\.\.\.[0-9a-f]+$/.test(href)) continue;
    expect(href, `${file}: ${href}`).not.toMatch(/^[a-z]+:|^\/|\.\./);
    expect(existsSync(join(dir, decodeURIComponent(href))), `${file} links ${href}`).toBe(true);
  }
  return { marks, charts, hrefs, text };
}

const seriesOf = (r: HistoryRecord) =>
  r.quarantined ? 'quarantined' : typeof r.pullRequest === 'number' ? 'pr' : 'run';

/**
 * The marks of a page against its runs as the store holds them (oldest first): per metric and series,
 * as many marks as runs (or DEFAULT_MAX_POINTS when there are more), each at the value of the run it names.
 */
export function expectMarksMatch(page: LoadedPage, runs: readonly HistoryRecord[], metrics: readonly string[]): void {
  expect(new Set(page.marks.map((m) => m.metric))).toEqual(new Set(metrics));
  for (const metric of metrics) {
    const drawn = page.marks.filter((m) => m.metric === metric);
    for (const series of ['run', 'pr', 'quarantined']) {
      const stored = runs.filter((r) => seriesOf(r) === series && metricValue(r.metrics[metric]) !== null).length;
      expect(
        drawn.filter((m) => m.series === series),
        `${metric} ${series}`,
      ).toHaveLength(Math.min(stored, DEFAULT_MAX_POINTS));
    }
    for (const m of drawn) {
      const r = runs[m.x]!;
      expect(seriesOf(r)).toBe(m.series);
      expect(m.value, `${metric} at run ${m.x}`).toBe(metricValue(r.metrics[metric]));
    }
  }
}

/** `history site` with these flags, the CLI's own entry run in this process from `cwd`; its stderr in the failure. */
export async function siteCli(flags: string[], cwd = process.cwd()): Promise<string> {
  const r = await cliIn(cwd, ['history', 'site', ...flags], { PATH: process.env.PATH });
  if (r.code !== 0) throw new Error(`history site exited ${r.code}: ${r.err}`);
  return r.out;
}
