/** Debian's Chromium driven by playwright-core, with flags for a closed network. */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './programs.js';

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/**
 * What a page does that a self-contained page must not: console errors and warnings, uncaught errors,
 * dialogs (dismissed), and every request it makes (the page's own file should be the only one).
 */
export function watchPage(page: Page): { problems: string[]; requests: string[] } {
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { problems, requests };
}
