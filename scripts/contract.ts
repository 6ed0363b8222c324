/**
 * The one table of parameters (src/parameters.ts) written out where users read it: action.yml's inputs
 * and outputs, and the README's inputs and outputs tables. `npx tsx scripts/contract.ts --write` rewrites
 * them; without `--write` it exits 1 naming what differs. test/build/contract.test.ts holds the committed
 * files to it, so a parameter changed in one place only fails the tests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import YAML from 'yaml';
import { ACTION_ONLY_INPUTS, OUTPUTS, PARAMETERS } from '../src/parameters.js';

const scalar = (value: string): string => YAML.stringify(value, { lineWidth: 0 }).trimEnd();

/** action.yml, whole: its header, every input from the table, every output, and how it runs. */
export function actionYaml(): string {
  const inputs = [
    ...ACTION_ONLY_INPUTS.map((i) => ({ name: i.name, details: i.details, actionDefault: undefined })),
    ...PARAMETERS,
  ].flatMap((p) => [
    `  ${p.name}:`,
    `    description: ${scalar(p.details)}`,
    '    required: false',
    ...(p.actionDefault !== undefined ? [`    default: ${scalar(p.actionDefault)}`] : []),
  ]);
  const outputs = OUTPUTS.flatMap((o) => [`  ${o.name}:`, `    description: ${scalar(o.details)}`]);
  return [
    '# Generated from src/parameters.ts by scripts/contract.ts: change the table there, then run it with --write.',
    'name: training-metrics-gate',
    'description: Training metrics CSVs → batched StatsD / Pushgateway / Datadog, and a statistical regression gate for MFU, step time, loss and memory.',
    'author: training-metrics-gate',
    'branding:',
    '  icon: activity',
    '  color: green',
    'inputs:',
    ...inputs,
    'outputs:',
    ...outputs,
    'runs:',
    '  using: node24',
    '  main: dist/index.js',
    '',
  ].join('\n');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const INPUTS_START = '<!-- inputs: generated from src/parameters.ts by scripts/contract.ts -->';
export const INPUTS_END = '<!-- /inputs -->';
export const OUTPUTS_START = '<!-- outputs: generated from src/parameters.ts by scripts/contract.ts -->';
export const OUTPUTS_END = '<!-- /outputs -->';

export function readmeInputs(): string {
  const rows = [
    ...ACTION_ONLY_INPUTS.map((i) => `| \`${i.name}\` (action) | ${cell(i.defaultText ?? '')} | ${cell(i.details)} |`),
    ...PARAMETERS.map(
      (p) =>
        `| \`${p.name}\` | ${cell(p.defaultText ?? '')} | ${cell(p.details)}${p.docs ? ` ([docs](${p.docs}))` : ''} |`,
    ),
  ];
  return ['| input / flag | default | what it does |', '|---|---|---|', ...rows].join('\n');
}

export function readmeOutputs(): string {
  return ['| output | |', '|---|---|', ...OUTPUTS.map((o) => `| \`${o.name}\` | ${cell(o.details)} |`)].join('\n');
}

/** The README with its two tables put between their markers. */
export function readmeWithTables(readme: string): string {
  const put = (text: string, start: string, end: string, table: string) => {
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    if (a < 0 || b < a) throw new Error(`README.md: the markers ${start} … ${end} are missing`);
    return `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`;
  };
  return put(put(readme, INPUTS_START, INPUTS_END, readmeInputs()), OUTPUTS_START, OUTPUTS_END, readmeOutputs());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = process.argv.includes('--write');
  const files: [string, string][] = [
    ['action.yml', actionYaml()],
    ['README.md', readmeWithTables(readFileSync('README.md', 'utf8'))],
  ];
  let stale = 0;
  for (const [path, want] of files) {
    if (readFileSync(path, 'utf8') === want) continue;
    if (write) writeFileSync(path, want);
    else {
      stale += 1;
      console.error(`${path} differs from src/parameters.ts: run npx tsx scripts/contract.ts --write`);
    }
  }
  process.exit(stale ? 1 : 0);
}
