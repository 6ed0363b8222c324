/**
 * The HTML report in real headless Chromium (Debian's): it renders with no console errors, asks
 * for nothing beyond the file itself, draws the charts, and lets no injected markup run.
 * A screenshot lands in test-output/report.png for people to look at.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium, watchPage } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/report/render/html.js';
import { requireProgram } from '../helpers/programs.js';
import { HOSTILE_METRIC, batchInput } from '../helpers/report-fixtures.js';

const chromiumPath = requireProgram('chromium', '/usr/bin/chromium', 'chromium');

describe.skipIf(!chromiumPath)('HTML report in headless Chromium', () => {
  let browser: Browser;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tmg-html-'));
    file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(batchInput()));
    browser = await launchChromium(chromiumPath!);
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders self-contained: no console errors, no request beyond the file, charts and table present', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const { problems, requests } = watchPage(page);

    const url = pathToFileURL(file).href;
    await page.goto(url, { waitUntil: 'load' });

    expect(problems).toEqual([]);
    expect(requests).toEqual([url]);

    // Three runs, regressions first.
    const headings = await page.locator('section.run h2').allTextContents();
    expect(headings).toHaveLength(3);
    expect(headings[0]).toContain('✗');
    expect(await page.locator('section.run').first().getAttribute('class')).toContain('regression');
    expect(headings[2]).toContain('<script>alert("x")</script>|exp');

    // A chart per gated metric that has data, and the loss overlay with its band.
    const charts = await page.locator('svg.chart').count();
    expect(charts).toBeGreaterThanOrEqual(8);
    expect(await page.locator('figure.loss svg path.band.baseline').count()).toBeGreaterThan(0);
    // Both runs with a loss have an overlay, one line each; only the GPT run has a baseline band.
    expect(await page.locator('figure.loss').count()).toBe(2);
    expect(await page.locator('figure.loss svg path.line.run').count()).toBe(2);
    const box = await page.locator('figure.loss svg').first().boundingBox();
    expect(box!.width).toBeGreaterThan(400);
    expect(box!.height).toBeGreaterThan(150);

    // The verdict table has seven cells in every row; the regression row comes first.
    const rows = page.locator('section.run.regression table.verdicts tbody tr');
    const cellCounts = await rows.evaluateAll((trs) => trs.map((tr) => tr.children.length));
    expect(cellCounts.length).toBeGreaterThan(0);
    for (const cells of cellCounts) expect(cells).toBe(7);

    // Hostile names are text, not markup.
    expect(await page.locator('main img').count()).toBe(0);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await page.locator('main b').count()).toBe(0);
    expect(await page.locator('section.run.pass table.verdicts td').nth(1).textContent()).toBe(HOSTILE_METRIC);

    // Other metrics are collapsed.
    expect(await page.locator('details').first().getAttribute('open')).toBeNull();

    const out = resolve('test-output');
    mkdirSync(out, { recursive: true });
    await page.screenshot({ path: join(out, 'report.png'), fullPage: true });
    await page.close();
  });
});
