/**
 * The fuzz counts of a run as a Markdown table, for bench/fuzz/RESULTS.md:
 *
 *   FUZZ_REPORT=fuzz npm run fuzz; npx tsx bench/fuzz/results.ts fuzz.inputs.json fuzz.surfaces.json fuzz.outputs.json
 */
import { readFileSync } from 'node:fs';
import type { InputReport } from '../../test/fuzz/campaign.js';

const paths = process.argv.slice(2);
if (paths.length === 0) {
  console.error('usage: results.ts <FUZZ_REPORT file>...');
  process.exit(2);
}
const reports = paths.flatMap((p) => JSON.parse(readFileSync(p, 'utf8')) as InputReport[]);

const row = (cells: (string | number)[]): string => `| ${cells.join(' | ')} |`;
/** Cases with a problem of the kind an input's own check names (test/fuzz/verdict.ts). */
const kind = (r: InputReport, prefix: string): number =>
  new Set(r.failures.filter((f) => f.problems.some((p) => p.startsWith(prefix))).map((f) => f.index)).size;
const KINDS = ['misread:', 'lost data:', 'leak:'];
const lines = [
  row([
    'input',
    'cases',
    'processes',
    'not run',
    'crashes',
    'hangs',
    'misreads',
    'lost data',
    'leaks',
    'failing cases',
    'wall',
    'slowest case',
  ]),
  row(Array(12).fill('---')),
];
for (const r of reports) {
  const failing = new Set(r.failures.map((f) => f.index)).size;
  const wall = `${(r.ms / 1000).toFixed(1)} s`;
  const slowest = `${(r.slowestCaseMs / 1000).toFixed(2)} s`;
  const kinds = KINDS.map((k) => kind(r, k));
  lines.push(
    row([r.input, r.casesRun, r.processesRun, r.notRun, r.crashes, r.hangs, ...kinds, failing, wall, slowest]),
  );
}
const total = (f: (r: InputReport) => number): number => reports.reduce((s, r) => s + f(r), 0);
lines.push(
  row([
    '**all**',
    total((r) => r.casesRun),
    total((r) => r.processesRun),
    total((r) => r.notRun),
    total((r) => r.crashes),
    total((r) => r.hangs),
    ...KINDS.map((k) => total((r) => kind(r, k))),
    total((r) => new Set(r.failures.map((f) => f.index)).size),
    `${(total((r) => r.ms) / 1000).toFixed(1)} s`,
    '',
  ]),
);
console.log(lines.join('\n'));
console.log();
for (const r of reports)
  for (const f of r.failures)
    console.log(`- ${r.input} case ${f.index} (${f.mutations.join(' + ')}): ${f.problems[0]}`);
