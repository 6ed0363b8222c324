/**
 * Two heavy packages that one kind of check each needs, kept out of `npm ci` (together about 250 MB):
 * Datadog's generated API client, whose types encode the published API schema, and Mermaid, whose bundle
 * renders the report's charts in Chromium. `.ci/run` installs them (`npm install --no-save`, pinned in
 * optional-packages.json);
 * elsewhere the checks that need them skip with a loud notice, and under E2E_REQUIRED=1 they fail.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Name → pinned version; `.ci/run` installs the same list. */
export const OPTIONAL_PACKAGES = require('./optional-packages.json') as Record<
  '@datadog/datadog-api-client' | 'mermaid',
  string
>;
const warned = new Set<string>();

/** `specifier` resolved (a package or a file in one), or null after a loud notice (throws under E2E_REQUIRED=1). */
export function optionalPackage(pkg: keyof typeof OPTIONAL_PACKAGES, specifier: string = pkg): string | null {
  try {
    return require.resolve(specifier);
  } catch {
    const msg = `${pkg} is not installed (it is not in npm ci); install it with: npm install --no-save ${pkg}@${OPTIONAL_PACKAGES[pkg]}`;
    if (process.env.E2E_REQUIRED === '1') throw new Error(`E2E_REQUIRED=1 but ${msg}`);
    if (!warned.has(pkg)) console.warn(`\n!!!!!!!! SKIPPING checks that need it: ${msg} !!!!!!!!\n`);
    warned.add(pkg);
    return null;
  }
}

/** The package's module (CommonJS), or null as above. */
export function loadOptional<T>(pkg: keyof typeof OPTIONAL_PACKAGES): T | null {
  const path = optionalPackage(pkg);
  return path ? (require(path) as T) : null;
}
