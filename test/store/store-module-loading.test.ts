/**
 * What opening a history loads: a PostgreSQL history never loads the file stores' parser and its
 * dependencies (yaml, jsonc-parser), code a `record` on a database would compile for nothing; a JSON
 * file history loads them when the file is read. Checked in a real child process whose module loader
 * names every module it loads.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'tmg-loading-'));
const hooks = join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  'export async function load(url, c, next) { process.stderr.write(`LOAD ${url}\\n`); return next(url, c); }\n',
);
const register = join(dir, 'register.mjs');
writeFileSync(
  register,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
);

/** The modules a child process loaded while running `body` (an ES module with openHistory imported). */
function modulesLoaded(body: string): string[] {
  const store = pathToFileURL(resolve('src/store/index.ts')).href;
  const script = join(dir, `main-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(script, `import { openHistory } from ${JSON.stringify(store)};\n${body}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', register, script], { encoding: 'utf8' });
  expect(r.stdout).toContain('done');
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('LOAD '))
    .map((l) => l.slice(5));
}

const parser = (urls: string[]) =>
  urls.filter((u) => /\/node_modules\/(yaml|jsonc-parser)\/|parse-history\.ts/.test(u));

describe('modules a history store loads', () => {
  it('a PostgreSQL history: not the file parser, yaml or jsonc-parser', () => {
    const urls = modulesLoaded(`openHistory('postgres://u@127.0.0.1:1/db');\nconsole.log('done');`);
    expect(urls.some((u) => u.endsWith('postgres-store.ts'))).toBe(true);
    expect(parser(urls)).toEqual([]);
  });

  it('a JSON file history: all of them, once it reads the file', () => {
    const file = join(dir, 'h.json');
    writeFileSync(file, '{"format":1,"runs":[]}\n');
    const urls = modulesLoaded(`await openHistory(${JSON.stringify(file)}).read();\nconsole.log('done');`);
    expect(parser(urls).length).toBeGreaterThanOrEqual(3);
  });
});
