/**
 * The one table of parameters (src/parameters.ts) written out where users read it: action.yml's inputs
 * and outputs, and the README's inputs and outputs tables; and the classification rules
 * (src/classify/defaults.ts) as docs/gate.md lists them. `npx tsx scripts/contract.ts --write` rewrites
 * them; without `--write` it exits 1 naming what differs. test/build/contract.test.ts holds the committed
 * files to it, so a parameter changed in one place only fails the tests.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import YAML from 'yaml';
import { RULES } from '../src/classify/defaults.js';
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

/** `text` with `table` put between the markers `start` and `end`. */
function put(file: string, text: string, start: string, end: string, table: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${file}: the markers ${start} … ${end} are missing`);
  return `${text.slice(0, a + start.length)}\n${table}\n${text.slice(b)}`;
}

/** The README with its two tables put between their markers. */
export function readmeWithTables(readme: string): string {
  const inputs = put('README.md', readme, INPUTS_START, INPUTS_END, readmeInputs());
  return put('README.md', inputs, OUTPUTS_START, OUTPUTS_END, readmeOutputs());
}

export const RULES_START = '<!-- rules: generated from src/classify/defaults.ts by scripts/contract.ts -->';
export const RULES_END = '<!-- /rules -->';

/** The classification rules in their order, each with the names it matches and why. */
export function classificationRules(): string {
  const judged = (r: (typeof RULES)[number]) =>
    r.class.gate && r.class.direction !== 'none' ? `${r.class.kind}, ${r.class.direction} is better` : r.class.kind;
  const rows = RULES.map(
    (r, i) =>
      `| ${i + 1} | \`${r.id}\` | ${judged(r)} | ${cell(r.reason)} | ${r.shown ? cell(r.shown) : `\`${cell(r.test.source)}\``} |`,
  );
  return [
    '| # | rule | class | why | names it matches (the key, a regular expression) |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** docs/gate.md with the rules table put between its markers. */
export function gateDocWithRules(doc: string): string {
  return put('docs/gate.md', doc, RULES_START, RULES_END, classificationRules());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const write = process.argv.includes('--write');
  const files: [string, string][] = [
    ['action.yml', actionYaml()],
    ['README.md', readmeWithTables(readFileSync('README.md', 'utf8'))],
    ['docs/gate.md', gateDocWithRules(readFileSync('docs/gate.md', 'utf8'))],
  ];
  let stale = 0;
  for (const [path, want] of files) {
    if (readFileSync(path, 'utf8') === want) continue;
    if (write) writeFileSync(path, want);
    else {
      stale += 1;
      console.error(`${path} differs from what scripts/contract.ts writes: run npx tsx scripts/contract.ts --write`);
    }
  }
  process.exit(stale ? 1 : 0);
}
