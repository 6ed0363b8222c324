/**
 * The trend site at fleet size: a PostgreSQL history of 100,000 records (990 experiments × 100 runs and
 * one of 1,000 runs, bench/site/site-history.ts), its site built as `history site` builds it, the size of
 * what is written, and how long pages take to load in Debian's headless Chromium from file://. Next to it,
 * in the same run, the same history's `history export` CSV: the smallest file that holds the same values.
 *
 *   npm run bench:site -- [--loads 7] [--out bench/site/RESULTS.md]
 */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { classify } from '../../src/classify/index.js';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';
import { historyCsv } from '../../src/report/history-csv.js';
import { groupRuns, writeSite } from '../../src/site/index.js';
import { openHistory } from '../../src/store/index.js';
import { launchChromium } from '../../test/helpers/chromium.js';
import { startPostgres } from '../../test/helpers/postgres.js';
import { fillPostgres } from '../../test/helpers/postgres-fill.js';
import { findProgram } from '../../test/helpers/programs.js';
import { fleetExperiment, fleetOf100k, LONG_EXPERIMENT } from './site-history.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const LOADS = Number(args.get('loads') ?? 7);
const OUT = args.get('out') ?? 'bench/site/RESULTS.md';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;

const chromium = findProgram('/usr/bin/chromium', 'chromium');
if (!chromium) throw new Error('Debian chromium is needed (apt-get install chromium)');
const t0 = performance.now();
const loadAtStart = loadavg()[0]!.toFixed(1);
const server = await startPostgres({ fsync: true });
const dir = mkdtempSync(join(tmpdir(), 'tmg-bench-site-'));
try {
  const url = await server.newDatabase();
  let t = performance.now();
  const count = await fillPostgres(url, fleetOf100k(), 1000);
  const fillMs = performance.now() - t;

  t = performance.now();
  const runs = (await openHistory(url).read()).runs;
  const readMs = performance.now() - t;
  t = performance.now();
  const result = await writeSite(runs, dir, {
    gate: DEFAULT_GATE_CONFIG,
    classOf: (key) => classify(key, DEFAULT_CONFIG),
    serverUrl: 'https://github.com',
  });
  const buildMs = performance.now() - t;
  t = performance.now();
  const csvBytes = Buffer.byteLength(historyCsv(runs));
  const csvMs = performance.now() - t;

  const files = readdirSync(dir).map((f) => ({ f, bytes: statSync(join(dir, f)).size }));
  const html = files.filter((x) => x.f.endsWith('.html') && x.f !== 'index.html');
  const sum = (xs: { bytes: number }[]) => xs.reduce((s, x) => s + x.bytes, 0);
  const indexBytes = files.find((x) => x.f === 'index.html')!.bytes;
  const largest = html.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const pageOf = (experiment: string) => {
    const g = groupRuns(runs.filter((r) => r.experiment === experiment))[0]!;
    return { label: `${experiment} (${g.records.length} runs)`, file: `${g.file}.html` };
  };
  const targets = [
    { label: `index (${result.pages - 1} rows)`, file: 'index.html' },
    pageOf(fleetExperiment(500)),
    pageOf(fleetExperiment(3)),
    pageOf(LONG_EXPERIMENT),
  ];

  // Load time: navigation start to the load event, fresh page each time (nothing cached between loads).
  const browser = await launchChromium(chromium);
  const loads: { label: string; bytes: number; ms: number[] }[] = [];
  try {
    for (const target of targets) {
      const ms: number[] = [];
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(pathToFileURL(join(dir, target.file)).href, { waitUntil: 'load' });
        ms.push(
          Number(
            await page.evaluate(
              "(() => { const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime; })()",
            ),
          ),
        );
        await context.close();
      }
      loads.push({ label: target.label, bytes: statSync(join(dir, target.file)).size, ms });
    }
  } finally {
    await browser.close();
  }

  const cpu = cpus();
  const lines = [
    '# Trend site benchmark',
    '',
    `\`npm run bench:site\` (${((performance.now() - t0) / 1000).toFixed(0)} s in all), ${new Date().toISOString().slice(0, 10)}. Machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, shared with other work (1-minute load average ${loadAtStart} at the start, ${loadavg()[0]!.toFixed(1)} at the end); Node ${process.version}; Debian's Chromium, headless, from file://.`,
    '',
    `History: PostgreSQL, ${count.toLocaleString('en-US')} records (990 experiments × 100 runs, one experiment of 1,000 runs; three metrics each, a 25-point loss curve), filled in ${(fillMs / 1000).toFixed(1)} s by bulk insert.`,
    '',
    '## Building',
    '',
    '| step | time |',
    '|---|---:|',
    `| read the whole history from PostgreSQL | ${(readMs / 1000).toFixed(1)} s |`,
    `| build and write the site (${result.pages} pages, ${result.files} files) | ${(buildMs / 1000).toFixed(1)} s |`,
    `| for scale: the same history as \`history export\` CSV, in memory | ${(csvMs / 1000).toFixed(1)} s |`,
    '',
    '## Size',
    '',
    '| what | size |',
    '|---|---:|',
    `| the whole site (${result.files} files) | ${mib(result.bytes)} |`,
    `| experiment pages (HTML, ${html.length}) | ${mib(sum(html))}; median ${kib(median(html.map((x) => x.bytes)))} |`,
    `| largest experiment page (${largest.f}) | ${kib(largest.bytes)} |`,
    `| index.html | ${kib(indexBytes)} |`,
    `| the pages' CSV files | ${mib(sum(files.filter((x) => x.f.endsWith('.csv'))))} |`,
    `| for scale: \`history export\` of the same history, one CSV | ${mib(csvBytes)} |`,
    '',
    `## Page load in headless Chromium (navigation start to the load event, ${LOADS} loads each, fresh context)`,
    '',
    '| page | size | median | min | max | target |',
    '|---|---:|---:|---:|---:|---:|',
    ...loads.map(
      (l) =>
        `| ${l.label} | ${kib(l.bytes)} | ${median(l.ms).toFixed(0)} ms | ${Math.min(...l.ms).toFixed(0)} ms | ${Math.max(...l.ms).toFixed(0)} ms | < 1 s |`,
    ),
    '',
    'Each experiment page draws every run of its experiment (at most 500 of each kind; the 1,000-run one is',
    'thinned to evenly spaced runs) and a table view of the latest 30; every run is in its CSV file.',
    '',
  ];
  writeFileSync(OUT, lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
