/**
 * One table of parameters is the contract: action.yml and the README's input and output tables are what
 * scripts/contract.ts writes from src/parameters.ts, `--help` lists every flag with its default, and
 * every `--flag` the README and the docs name is one the CLI takes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { actionYaml, gateDocWithRules, readmeWithTables } from '../../scripts/contract.js';
import { RULES } from '../../src/classify/defaults.js';
import { helpText } from '../../src/cli/help.js';
import { CALIBRATE_FLAGS, DATADOG_FLAGS, GRAFANA_FLAGS, MAPPING_FLAGS } from '../../src/cli/help.js';
import { HISTORY_COMMANDS } from '../../src/cli/history.js';
import { ACTION_ONLY_INPUTS, OUTPUTS, PARAMETERS } from '../../src/parameters.js';

/** Flags of other programs the docs name in a code span of their own (Megatron-LM's, the benchmarks'). */
const OTHER_PROGRAMS = new Set(['tensorboard-dir', 'big']);

describe('the parameter table is the contract', () => {
  it('action.yml is what the table writes (run `npx tsx scripts/contract.ts --write` after changing it)', () => {
    expect(readFileSync('action.yml', 'utf8')).toBe(actionYaml());
    const action = YAML.parse(actionYaml());
    expect(Object.keys(action.inputs)).toEqual([...ACTION_ONLY_INPUTS, ...PARAMETERS].map((p) => p.name));
    expect(Object.keys(action.outputs)).toEqual(OUTPUTS.map((o) => o.name));
  });

  it('the README tables are what the table writes', () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(readmeWithTables(readme));
    for (const p of PARAMETERS) expect(readme, p.name).toContain(`| \`${p.name}\` |`);
  });

  it('docs/gate.md lists the classification rules as the code orders them', () => {
    const doc = readFileSync('docs/gate.md', 'utf8');
    expect(doc).toBe(gateDocWithRules(doc));
    for (const r of RULES) expect(doc, r.id).toContain(`| \`${r.id}\` |`);
  });

  it('a table changed in one place only is caught', () => {
    const p = PARAMETERS.find((x) => x.name === 'sink-timeout')! as { details: string };
    const was = p.details;
    try {
      p.details = `${was} (changed)`;
      expect(readFileSync('action.yml', 'utf8')).not.toBe(actionYaml());
    } finally {
      p.details = was;
    }
  });

  it('--help lists every flag, with its default where it has one', () => {
    const help = helpText({});
    for (const p of PARAMETERS) {
      expect(help, p.name).toContain(`--${p.name}`);
      if (p.defaultText) expect(help, p.name).toContain(`default: ${p.defaultText.replace(/`/g, '')}`);
    }
  });

  it('every --flag the README and the docs name is a flag the CLI takes', () => {
    const usages = [
      CALIBRATE_FLAGS,
      DATADOG_FLAGS,
      GRAFANA_FLAGS,
      MAPPING_FLAGS,
      helpText({}),
      ...Object.values(HISTORY_COMMANDS).map((c) => c.usage),
    ];
    const known = new Set([
      ...PARAMETERS.map((p) => p.name),
      ...PARAMETERS.filter((p) => p.kind === 'boolean').map((p) => `no-${p.name}`),
      ...usages.flatMap((t) => [...t.matchAll(/--([a-z][a-z0-9-]*)/g)].map((m) => m[1]!)),
      'help',
      'pushgateway',
    ]);
    const docs = ['README.md', ...readdirSync('docs').map((f) => `docs/${f}`)];
    const unknown: string[] = [];
    for (const file of docs) {
      // The tool's flags as the docs write them: in a code span that is the tool's command line, or one
      // that starts with the flag. Other programs' flags are named with their program (`npm run bench:gate
      // -- --seed 1`, `nvidia-smi --format=csv`) or are dotted (statsd_exporter's `--statsd.read-buffer`).
      for (const span of readFileSync(file, 'utf8').matchAll(/`([^`\n]+)`/g)) {
        const code = span[1]!;
        if (!/^(?:npx )?training-metrics-gate\b/.test(code) && !/^--[a-z]/.test(code)) continue;
        for (const m of code.matchAll(/(?:^|\s)--([a-z][a-z0-9-]*)(?![.\w])/g))
          if (!known.has(m[1]!) && !OTHER_PROGRAMS.has(m[1]!)) unknown.push(`${file}: --${m[1]}`);
      }
    }
    expect([...new Set(unknown)]).toEqual([]);
  });
});
