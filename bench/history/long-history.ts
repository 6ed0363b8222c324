/**
 * One experiment's long history: `check` (the bundled CLI, dist/cli.js) against a JSON history of one
 * experiment × N comparable runs, as a team that raises history-max keeps, at several N. The gate's work
 * is per run of the history; worse than linear shows as a time per run that grows with N.
 *
 *   npm run bundle && npm run bench:history:long -- [--runs 1000,3000,10000] [--repeat 3] [--out bench/history/RESULTS.md]
 *     [--compare path/to/other/cli.js [--compare-label 'before, at abc123']]   time another build too, alternating
 *     run by run (a before/after under one load)
 *
 * Writes only its own section of the results file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serializeHistory } from '../../src/store/index.js';
import { withSection } from '../gate/results-sections.js';
import { experimentName, syntheticRecords, templateRecord } from './synthetic-history.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const SIZES = (args.get('runs') ?? '1000,3000,10000').split(',').map(Number);
const REPEAT = Number(args.get('repeat') ?? 3);
const OUT = args.get('out') ?? 'bench/history/RESULTS.md';
const CLI = resolve('dist/cli.js');
const COMPARE = args.has('compare') ? resolve(args.get('compare')!) : null;
const CSV = resolve('fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv');
const HEADING = "One experiment's long history";

/** Median wall time of each build's `check`, start to exit, alternating build by build. */
function timeChecks(clis: string[], history: string, cwd: string): number[] {
  const times: number[][] = clis.map(() => []);
  for (let i = 0; i < REPEAT; i++)
    clis.forEach((cli, k) => {
      const t0 = performance.now();
      const argv = [
        'check',
        '--record',
        'never',
        '--history',
        history,
        '--experiment',
        experimentName(0),
        '--csv',
        CSV,
      ];
      const r = spawnSync(process.execPath, [cli, ...argv], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        maxBuffer: 64 * 1024 * 1024,
      });
      times[k]!.push(performance.now() - t0);
      if (r.status !== 0 && r.status !== 1) throw new Error(`${cli} check exited ${r.status}: ${r.stderr}`);
    });
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'tmg-bench-long-'));
  const template = templateRecord(CLI, CSV);
  const clis = COMPARE ? [CLI, COMPARE] : [CLI];
  const names = [relative('.', CLI), ...(COMPARE ? [args.get('compare-label') ?? relative('.', COMPARE)] : [])];
  const rows = [
    `| runs in the history | ${names.map((n) => `\`check\`, ${n} | per 1,000 runs`).join(' | ')} |`,
    `|---:|${names.map(() => '---:|---:').join('|')}|`,
  ];
  const perRun: number[][] = clis.map(() => []);
  for (const runs of SIZES) {
    const history = join(dir, `h-${runs}.json`);
    writeFileSync(history, serializeHistory({ format: 1, runs: [...syntheticRecords(template, 1, runs)] }));
    const medians = timeChecks(clis, history, dir);
    for (const [k, m] of medians.entries()) perRun[k]!.push(m / runs);
    const ms = (v: number) => `${Math.round(v).toLocaleString('en-US')} ms`;
    rows.push(
      `| ${runs.toLocaleString('en-US')} | ${medians.map((m) => `${ms(m)} | ${ms((m / runs) * 1000)}`).join(' | ')} |`,
    );
    console.error(rows[rows.length - 1]);
  }
  const body = [
    `\`npm run bench:history:long${COMPARE ? ` -- --compare …/cli.js` : ''}\` (median of ${REPEAT} runs of each, ${Math.round((performance.now() - t0) / 1000)} s in all, on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${loadavg()[0]!.toFixed(1)} at the end). One experiment × N runs in a JSON history, each run the demo run's record with a little noise; \`check\` of the demo run against it.`,
    '',
    ...rows,
    '',
    // Worse than linear shows as a cost per run that grows with the history (×1 is linear; below 1, the
    // fixed cost of the process and the run's own file spread over more runs).
    `Time per 1,000 runs, the longest history against the shortest: ${names.map((n, k) => `${n} ×${(perRun[k]!.at(-1)! / perRun[k]![0]!).toFixed(2)}`).join(', ')}.`,
  ].join('\n');
  await writeFile(OUT, await withSection(OUT, HEADING, body));
  console.log(body);
}

await main();
