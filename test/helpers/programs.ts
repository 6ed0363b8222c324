/**
 * Tests that need a Debian program (prometheus, pushgateway, chromium) skip with a loud notice where it is
 * absent; under E2E_REQUIRED=1 (set by .ci/run) a missing program fails instead of skipping.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The first of `candidates` that exists as a path or on PATH, or null. */
export function findProgram(...candidates: string[]): string | null {
  for (const c of candidates) {
    if (c.includes('/')) {
      if (existsSync(c)) return c;
      continue;
    }
    try {
      const p = execFileSync('sh', ['-c', `command -v ${c}`], { encoding: 'utf8' }).trim();
      if (p) return p;
    } catch {
      // not on PATH
    }
  }
  return null;
}

/**
 * Resolve a required program for an end-to-end test. Returns its path, or null after printing a loud
 * notice (the caller then skips). Throws when E2E_REQUIRED=1 so that CI can never skip silently.
 */
export function requireProgram(what: string, ...candidates: string[]): string | null {
  const found = findProgram(...candidates);
  if (found) return found;
  const msg = `${what} not found (looked for ${candidates.join(', ')}); install it with apt-get (see .ci/run)`;
  if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${msg}`);
  console.warn(`\n!!!!!!!! SKIPPING: ${msg} !!!!!!!!\n`);
  return null;
}

/** Flags for Debian's Chromium on a closed network (no background connections, no first-run work). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
