/**
 * The README's screenshot of an experiment page, made from the demo, not drawn: the ten demo baselines and
 * today's demo run recorded one by one into a JSON history (each with its own commit, as daily runs on the
 * default branch leave them, spaced a day apart), the trend site written from it, and Debian's headless
 * Chromium's `--screenshot` of the experiment's page → docs/site-experiment-page.png.
 *
 *   npx tsx scripts/screenshot-site.ts [--out docs/site-experiment-page.png]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../src/cli/main.js';
import type { HistoryRecord } from '../src/model.js';
import { pageFile } from '../src/site/index.js';

const at = process.argv.indexOf('--out');
const out = resolve(at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'docs/site-experiment-page.png');
if (!out.endsWith('.png')) throw new Error(`--out: a .png file, got ${out}`);
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
});
if (!chromium) throw new Error("Debian's chromium is needed (apt-get install chromium)");

const dir = mkdtempSync(join(tmpdir(), 'tmg-screenshot-'));
const history = join(dir, 'history.json');
const experiment = 'gpt3-1.3b-tp1';
const runs = [
  ...Array.from({ length: 10 }, (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`),
  'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv',
];
try {
  for (const [i, csv] of runs.entries()) {
    const env = {
      PATH: process.env.PATH,
      GITHUB_SHA: (0x5eed00 + i * 977).toString(16).padEnd(40, '0'),
      GITHUB_REPOSITORY: 'your-org/your-repo',
      GITHUB_RUN_ID: String(9000 + i),
      GITHUB_REF: 'refs/heads/main',
    };
    const code = await main(['record', '--history', history, '--experiment', experiment, '--csv', resolve(csv)], env);
    if (code !== 0) throw new Error(`record ${csv} exited ${code}`);
  }
  // Recorded seconds apart here; a daily job records a day apart.
  const file = JSON.parse(readFileSync(history, 'utf8')) as { runs: HistoryRecord[] };
  const end = Date.parse('2026-03-02T03:00:00Z');
  file.runs.forEach((r, i) => {
    r.recordedAt = new Date(end - (file.runs.length - 1 - i) * 86_400_000).toISOString();
  });
  writeFileSync(history, JSON.stringify(file));
  const site = join(dir, 'site');
  const code = await main(['history', 'site', '--history', history, '--output', site, '--title', 'Demo'], {
    PATH: process.env.PATH,
  });
  if (code !== 0) throw new Error(`history site exited ${code}`);
  const page = join(site, `${pageFile(experiment, file.runs[0]!.fingerprint)}.html`);
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--window-size=1000,1250',
      `--screenshot=${out}`,
      pathToFileURL(page).href,
    ],
    // A Chromium that never exits is killed, so the script always ends.
    { stdio: 'pipe', timeout: 120_000, killSignal: 'SIGKILL' },
  );
  console.log(`${out}: ${statSync(out).size} bytes`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
