import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { trendHistory } from '../../test/helpers/site-history.js';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import { DEFAULT_GATE_CONFIG } from '../gate/config.js';
import { pageFile } from './page-name.js';
import { SITE_FILES } from './site-files.js';
import { writeSite } from './write-site.js';

const HOSTILE = '<script>alert("x")</script>&<img src=x onerror=alert(1)>';
const context = {
  gate: DEFAULT_GATE_CONFIG,
  classOf: (key: string) => classify(key, DEFAULT_CONFIG),
  serverUrl: 'https://github.com',
  generatedAt: '2026-03-01T00:00:00Z',
};
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'tmg-site-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const marks = (html: string, series: string) =>
  [...html.matchAll(new RegExp(`<circle class="mark ${series}"[^>]*data-x="(\\d+)" data-value="([^"]+)"`, 'g'))].map(
    (m) => ({ x: Number(m[1]), value: Number(m[2]) }),
  );

describe('writeSite', () => {
  it('writes an index and a page and CSV per experiment, with relative links that resolve', async () => {
    const dir = tmp();
    const records = [...trendHistory(), ...trendHistory({ experiment: 'other', runs: 12 })];
    const result = await writeSite(records, dir, context);
    expect(result.pages).toBe(3);
    const files = readdirSync(dir).sort();
    // Two pages and their CSV files, the index, and the list of what this build wrote.
    expect(files).toHaveLength(6);
    expect(files).toContain(SITE_FILES);
    for (const file of files.filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(join(dir, file), 'utf8');
      const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      for (const href of hrefs) {
        if (href.startsWith('https://github.com/org/repo/compare/')) continue;
        expect(href, `${file}: ${href}`).not.toMatch(/^[a-z]+:|^\/|\.\./);
        expect(files, `${file}: ${href}`).toContain(href);
      }
      expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
      expect(html).not.toMatch(/<script|src="http|url\((?!#)/);
    }
    const page = readFileSync(join(dir, `${pageFile('gpt-small', 'gpu=H100,world_size=8')}.html`), 'utf8');
    // Every run a mark, PR and quarantined runs apart; the values are the store's.
    const runs = marks(page, 'run');
    expect(runs).toHaveLength(38);
    expect(marks(page, 'pr').map((m) => m.x)).toEqual([5]);
    expect(marks(page, 'quarantined').map((m) => m.x)).toEqual([8]);
    for (const m of runs) expect(m.value).toBe(records[m.x]!.metrics.mfu!.centre);
    expect(page).toContain('coincides with: cuda 12.4 → 12.6');
    expect(page).toContain('class="xrule change environment"');
    expect(page).toContain('class="span culprit"');
    expect(page).toContain(`href="https://github.com/org/repo/compare/${records[24]!.sha}...${records[25]!.sha}"`);
    expect(page).toContain('class="band baseline"');
    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    // The shift for the worse was never acknowledged: the gate still judges by the level before it.
    expect(index).toContain('<td class="verdict-regression">regression</td>');
    expect(index).toContain('mfu: level 0.42');
    expect(index).toContain('<td class="verdict-pass">pass</td>');
  });

  it('thins a long series to evenly spaced runs, first and last kept, and says so', async () => {
    const dir = tmp();
    const records = trendHistory({ runs: 120, dropAt: 200 });
    await writeSite(records, dir, { ...context, maxPoints: 10, tableRows: 5 });
    const page = readFileSync(join(dir, `${pageFile('gpt-small', 'gpu=H100,world_size=8')}.html`), 'utf8');
    const runs = marks(page, 'run');
    expect(runs).toHaveLength(10);
    expect(runs[0]!.x).toBe(0);
    expect(runs[runs.length - 1]!.x).toBe(119);
    for (const m of runs) expect(m.value).toBe(records[m.x]!.metrics.mfu!.centre);
    expect(page).toContain('draws 10 evenly spaced runs');
    expect(page).toContain('the latest 5 of 120 runs');
    expect(page.match(/<tr data-x=/g)).toHaveLength(5);
  });

  it('writes names from the history as text, never as markup', async () => {
    const dir = tmp();
    const records = trendHistory({ experiment: HOSTILE, runs: 8 }).map((r, i) => ({
      ...r,
      run: `${HOSTILE}-${i}`,
      ref: HOSTILE,
      fingerprint: `gpu=${HOSTILE}`,
      environment: { [HOSTILE]: HOSTILE },
      metrics: { [`mfu${HOSTILE}`]: { ...r.metrics.mfu!, unit: HOSTILE } },
    }));
    await writeSite(records, dir, context);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(join(dir, file), 'utf8');
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    }
  });
});

describe('writeSite into a folder it wrote before', () => {
  it('removes the pages of experiments that are gone, and no file it did not write', async () => {
    const dir = tmp();
    await writeSite([...trendHistory(), ...trendHistory({ experiment: 'other', runs: 12 })], dir, context);
    const other = pageFile('other', 'gpu=H100,world_size=8');
    expect(readdirSync(dir)).toContain(`${other}.html`);
    writeFileSync(join(dir, 'CNAME'), 'metrics.example.com\n');
    writeFileSync(join(dir, 'notes.html'), '<p>kept</p>');
    // A hand-edited list naming files outside the site's own kinds: never removed.
    const list = JSON.parse(readFileSync(join(dir, SITE_FILES), 'utf8')) as { files: string[] };
    writeFileSync(
      join(dir, SITE_FILES),
      JSON.stringify({ files: [...list.files, '../escape.html', 'CNAME', '.x.csv'] }),
    );
    writeFileSync(join(dir, '..', 'escape.html'), 'outside');
    dirs.push(join(dir, '..', 'escape.html'));
    const result = await writeSite(trendHistory(), dir, context);
    expect(result.removed).toBe(2);
    const files = readdirSync(dir).sort();
    expect(files).not.toContain(`${other}.html`);
    expect(files).not.toContain(`${other}.csv`);
    expect(files).toEqual(
      expect.arrayContaining([
        'CNAME',
        'notes.html',
        'index.html',
        `${pageFile('gpt-small', 'gpu=H100,world_size=8')}.html`,
      ]),
    );
    expect(readFileSync(join(dir, '..', 'escape.html'), 'utf8')).toBe('outside');
    expect(JSON.parse(readFileSync(join(dir, SITE_FILES), 'utf8')).files).not.toContain(`${other}.html`);
  });
});

describe('writeSite and symlinks', () => {
  it('never writes through a symlink in a page’s or a CSV file’s place: the link is replaced, and said', async () => {
    const dir = tmp();
    const elsewhere = tmp();
    const page = pageFile('gpt-small', 'gpu=H100,world_size=8');
    const targets = { 'index.html': join(elsewhere, 'keep.html'), [`${page}.csv`]: join(elsewhere, 'keep.csv') };
    for (const [name, target] of Object.entries(targets)) {
      writeFileSync(target, `not the site's: ${name}\n`);
      symlinkSync(target, join(dir, name));
    }
    const result = await writeSite(trendHistory(), dir, context);
    for (const [name, target] of Object.entries(targets)) {
      expect(readFileSync(target, 'utf8')).toBe(`not the site's: ${name}\n`);
      expect(lstatSync(join(dir, name)).isFile()).toBe(true);
    }
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toMatch(/<\/html>\n?$/);
    expect(result.warnings.sort()).toEqual(
      Object.keys(targets)
        .map(
          (name) =>
            `site: ${join(dir, name)} was a symbolic link: replaced by the file written; the file it pointed to was not written`,
        )
        .sort(),
    );
    expect(readdirSync(elsewhere).sort()).toEqual(['keep.csv', 'keep.html']);
  });

  it("removes a killed build's temporary files of its own names, and no other file", async () => {
    const dir = tmp();
    await writeSite(trendHistory(), dir, context);
    const leftovers = ['.index.html.999999999.k1.tmp', `.${SITE_FILES}.999999999.k2.tmp`];
    const others = ['.notes.html.999999999.k3.tmp', `.index.html.${process.pid}.k4.tmp`];
    for (const f of [...leftovers, ...others]) writeFileSync(join(dir, f), 'partial');
    await writeSite(trendHistory(), dir, context);
    const files = readdirSync(dir);
    for (const f of leftovers) expect(files).not.toContain(f);
    for (const f of others) expect(files).toContain(f);
  });
});
