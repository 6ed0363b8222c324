/**
 * A site build stopped half way, rebuilding a site of 300 experiments in the folder of an earlier build:
 * killed (SIGKILL, a real process) at a third and at two thirds of its files, and stopped inside a write
 * (a file-size limit, `ulimit -f`, that the 100th experiment's CSV file is over: the write fails half
 * done, as it would for a process killed in it). Every page and CSV file left is whole (the old build's
 * or the new one's, byte for byte), the list names every file of the site's own kinds there, and the next
 * build finishes the site and leaves no temporary file. When to stop is told by work done (files the new
 * build has renamed into place, a file's size), never by a time.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classify } from '../../src/classify/index.js';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';
import { SITE_FILES, writeSite } from '../../src/site/index.js';
import { trendHistory } from '../helpers/site-history.js';

const EXPERIMENTS = 300;
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const context = {
  gate: DEFAULT_GATE_CONFIG,
  classOf: (key: string) => classify(key, DEFAULT_CONFIG),
  serverUrl: 'https://github.com',
  generatedAt: '2026-03-01T00:00:00Z',
};
/**
 * The old build's history has 40 runs per experiment, the new one's 41: every file differs. Experiment
 * 100 has 3,000 more, so its files are larger than the rest.
 */
const history = (runs: number) =>
  Array.from({ length: EXPERIMENTS }, (_, i) =>
    trendHistory({ experiment: `exp-${i}`, runs: i === BIG ? runs + 3000 : runs }),
  ).flat();
const BIG = 100;
/** The file-size limit (KiB) of the build stopped inside a write: over every file but experiment 100's CSV. */
const LIMIT_KIB = 512;

const CHILD = `
import { writeSite } from ${JSON.stringify(new URL('../../src/site/index.ts', import.meta.url).pathname)};
import { trendHistory } from ${JSON.stringify(new URL('../helpers/site-history.ts', import.meta.url).pathname)};
import { classify } from ${JSON.stringify(new URL('../../src/classify/index.ts', import.meta.url).pathname)};
import { DEFAULT_CONFIG } from ${JSON.stringify(new URL('../../src/config/index.ts', import.meta.url).pathname)};
import { DEFAULT_GATE_CONFIG } from ${JSON.stringify(new URL('../../src/gate/config.ts', import.meta.url).pathname)};
const records = Array.from({ length: ${EXPERIMENTS} }, (_, i) => trendHistory({ experiment: 'exp-' + i, runs: i === ${BIG} ? 3041 : 41 })).flat();
await writeSite(records, process.argv[1], {
  gate: DEFAULT_GATE_CONFIG, classOf: (k) => classify(k, DEFAULT_CONFIG), serverUrl: 'https://github.com',
  generatedAt: '2026-03-01T00:00:00Z',
});
`;

/** Every file of the folder and its bytes. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of (await readdir(dir)).sort()) out.set(f, await readFile(join(dir, f), 'utf8'));
  return out;
}

/** Files whose change time is after `since` (renamed into place by the new build). */
async function renamedSince(dir: string, since: number): Promise<number> {
  let n = 0;
  for (const f of await readdir(dir)) {
    if (f.startsWith('.')) continue;
    const s = await stat(join(dir, f)).catch(() => null);
    if (s && s.ctimeMs > since) n++;
  }
  return n;
}

describe('a site build killed half way', () => {
  it('leaves every file whole, the old build’s or the new one’s, and the next build finishes the site', async () => {
    const oldDir = await mkdtemp(join(tmpdir(), 'tmg-site-old-'));
    const newDir = await mkdtemp(join(tmpdir(), 'tmg-site-new-'));
    const dir = await mkdtemp(join(tmpdir(), 'tmg-site-kill-'));
    dirs.push(oldDir, newDir, dir);
    // What each build writes when it is not killed.
    await writeSite(history(40), oldDir, context);
    await writeSite(history(41), newDir, context);
    const before = await snapshot(oldDir);
    const after = await snapshot(newDir);
    const files = [...before.keys()].filter((f) => f !== SITE_FILES);
    expect(files).toHaveLength(2 * EXPERIMENTS + 1);

    for (const share of [1 / 3, 2 / 3]) {
      await writeSite(history(40), dir, context);
      const started = (await stat(join(dir, 'index.html'))).ctimeMs;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, dir], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (b) => (stderr += b));
      const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, signal) => r(signal)));
      let gone = false;
      void exited.then(() => (gone = true));
      while (!gone && (await renamedSince(dir, started)) < share * files.length)
        await new Promise((r) => setTimeout(r, 2));
      child.kill('SIGKILL');
      expect(await exited, `the build ended before it was killed: ${stderr}`).toBe('SIGKILL');

      await expectWhole(dir, before, after);
    }

    // Stopped inside a write: the first file over the limit fails half written.
    await writeSite(history(40), dir, context);
    const sizes = [...after.entries()].map(([f, t]) => [f, Buffer.byteLength(t)] as const);
    const over = sizes.filter(([, bytes]) => bytes > LIMIT_KIB * 1024).map(([f]) => f);
    expect(over).toEqual([expect.stringMatching(/^exp-100-.*\.csv$/)]);
    const limited = spawn(
      'bash',
      [
        '-c',
        `ulimit -f ${LIMIT_KIB}; exec "$@"`,
        'bash',
        process.execPath,
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        CHILD,
        dir,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    limited.stderr!.on('data', (b) => (stderr += b));
    const code = await new Promise<number | null>((r) => limited.once('exit', (c) => r(c)));
    expect(code, stderr).not.toBe(0);
    expect(stderr).toContain('EFBIG');
    await expectWhole(dir, before, after);
  }, 600_000);
});

/** Each file of the site's own kinds is one build's, byte for byte, and in the list; then a build finishes it. */
async function expectWhole(dir: string, before: Map<string, string>, after: Map<string, string>): Promise<void> {
  const left = await snapshot(dir);
  const listed = new Set((JSON.parse(left.get(SITE_FILES)!) as { files: string[] }).files);
  let changed = 0;
  for (const [f, text] of left) {
    if (f === SITE_FILES || (f.startsWith('.') && f.endsWith('.tmp'))) continue;
    // Whole: byte for byte one build's file.
    expect(text === before.get(f) || text === after.get(f), `${f} is neither build's (${text.length} bytes)`).toBe(
      true,
    );
    if (text !== before.get(f)) changed++;
    expect(listed.has(f), `${f} is not in the list`).toBe(true);
  }
  // The build stopped inside: some files new, the index (written after the pages) still old.
  expect(changed).toBeGreaterThan(0);
  expect(left.get('index.html')).toBe(before.get('index.html'));

  await writeSite(history(41), dir, context);
  const finished = await snapshot(dir);
  expect([...finished.keys()]).toEqual([...after.keys()]);
  for (const [f, text] of finished) expect(text, f).toBe(after.get(f));
}
