/** Debian's Chromium driven by playwright-core, with flags for a closed network. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from './programs.js';

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
