/**
 * The Mermaid charts of the Markdown report, rendered by Mermaid 11 (the line GitHub uses) in real
 * headless Chromium: they must parse and draw every line, since GitHub shows invalid Mermaid as
 * raw source. Mermaid is loaded from node_modules (an optional package, installed by .ci/run); nothing is
 * fetched.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/report/render/markdown.js';
import { requireProgram } from '../helpers/programs.js';
import { optionalPackage } from '../helpers/optional-packages.js';
import { batchInput } from '../helpers/report-fixtures.js';

const chromiumPath = requireProgram('chromium', '/usr/bin/chromium', 'chromium');
const mermaidBundle = optionalPackage('mermaid', 'mermaid/dist/mermaid.min.js');

describe.skipIf(!chromiumPath || !mermaidBundle)(
  'Mermaid loss charts rendered by Mermaid 11 in headless Chromium',
  () => {
    let browser: Browser;
    let dir: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'tmg-mermaid-'));
      browser = await launchChromium(chromiumPath!);
    });

    afterAll(async () => {
      await browser?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('parses and draws each chart with all its lines, in the run colour', async () => {
      const blocks = [...renderMarkdown(batchInput()).matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1]!);
      expect(blocks).toHaveLength(3);

      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      const file = join(dir, 'blank.html');
      writeFileSync(
        file,
        '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="host"></div></body></html>',
      );
      await page.goto(pathToFileURL(file).href);
      await page.addScriptTag({ path: mermaidBundle! });

      const results = await page.evaluate(async (sources) => {
        const m = (
          globalThis as unknown as {
            mermaid: { initialize(c: object): void; render(id: string, s: string): Promise<{ svg: string }> };
          }
        ).mermaid;
        m.initialize({ startOnLoad: false });
        const out: { ok: boolean; svg?: string; error?: string }[] = [];
        for (const [i, src] of sources.entries()) {
          try {
            out.push({ ok: true, svg: (await m.render(`chart${i}`, src)).svg });
          } catch (e) {
            out.push({ ok: false, error: String(e) });
          }
        }
        return out;
      }, blocks);

      expect(errors).toEqual([]);
      expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
      for (const [i, r] of results.entries()) {
        expect(r.error).toBeUndefined();
        expect(r.ok).toBe(true);
        expect(r.svg).not.toMatch(/Syntax error/i);
        const expectedLines = (blocks[i]!.match(/^ {2}line \[/gm) ?? []).length;
        const plots = [...r.svg!.matchAll(/<g class="line-plot-\d+">\s*<path d="M[^"]+"[^>]*stroke="([^"]+)"/g)];
        expect(plots).toHaveLength(expectedLines);
        // This run is the last line, drawn on top in blue; the band lines are grey.
        expect(plots[plots.length - 1]![1]!.toLowerCase()).toBe('#0969da');
        if (expectedLines === 4) expect(plots[0]![1]!.toLowerCase()).toBe('#8c959f');
      }
      await page.close();
    });
  },
);
