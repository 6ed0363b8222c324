/**
 * `constructor`, `__proto__` and `toString` are plain names wherever a user gives them — a manifest config
 * key, a `tags` key, a CSV column — and never read a property every object inherits.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../../src/options.js';
import { run } from '../../src/run.js';
import { toPrometheusSamples } from '../../src/sinks/prometheus/samples.js';
import { registryFor } from '../../src/sinks/prometheus/pushgateway.js';
import { toDatadogSeries } from '../../src/sinks/datadog/series.js';

const NAMES = ['constructor', '__proto__', 'toString'] as const;
const dir = mkdtempSync(join(tmpdir(), 'tmg-keys-'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const github = githubContextFromEnv({});

function options(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github, notices: [], dryRun: true, ...more };
}

/** Nothing any sink sends may carry an inherited function's text or a missing value's placeholder. */
function expectPlain(text: string): void {
  expect(text).not.toMatch(/native code|function |\[object Object\]|undefined/);
}

/** A batch of two runs: the first names `key` in its manifest config, the second does not. */
function manifestWith(key: string): string {
  const sub = join(dir, `m-${key}`);
  for (const run of ['a', 'b']) {
    mkdirSync(join(sub, run), { recursive: true });
    writeFileSync(join(sub, run, 'metrics.csv'), 'step,loss\n1,2.5\n2,2.4\n3,2.3\n');
  }
  const lines = [
    JSON.stringify({ name: 'a', dir: 'a', config: JSON.parse(`{"${key}": "cfg-value", "model": "m1"}`) }),
    JSON.stringify({ name: 'b', dir: 'b', config: { model: 'm2' } }),
  ];
  writeFileSync(join(sub, 'experiment_metadata.jsonl'), `${lines.join('\n')}\n`);
  return join(sub, 'experiment_metadata.jsonl');
}

describe.each(NAMES)('the name %s', (key) => {
  it('as a manifest config key: a tag of its own run only, on every sink', async () => {
    const result = await run(options({ metadata: manifestWith(key) }), quiet);
    expect(result.errors).toEqual([]);
    const lines = result.statsd!.printed;
    expectPlain(lines.join('\n'));
    const tagKey = key === '__proto__' ? 'proto' : key.toLowerCase();
    const b = lines.filter((l) => l.includes('experiment:b'));
    expect(b.length).toBeGreaterThan(0);
    for (const l of b) expect(l).toContain(`${tagKey}:none`);
    for (const l of lines.filter((l) => l.includes('experiment:a'))) expect(l).toContain(`${tagKey}:cfg-value`);

    const prom = toPrometheusSamples(result.summaries, null, { prefix: 'p', tags: {}, allowIdTags: false, github });
    const text = await Promise.all(prom.groups.map((g) => registryFor(g).metrics()));
    expectPlain(text.join('\n'));
    const dd = toDatadogSeries(result.summaries, null, { prefix: 'p', tags: {}, github, now: 0 });
    expectPlain(JSON.stringify(dd.series));
  });

  it('as a tag key given with --tags', async () => {
    const csv = join(dir, `t-${key}.csv`);
    writeFileSync(csv, 'step,loss\n1,2.5\n2,2.4\n');
    const result = await run(options({ csv: [csv], tags: JSON.parse(`{"${key}": "user-value"}`) }), quiet);
    const lines = result.statsd!.printed;
    expectPlain(lines.join('\n'));
    const tagKey = key === '__proto__' ? 'proto' : key.toLowerCase();
    for (const l of lines) expect(l).toContain(`${tagKey}:user-value`);
  });

  it('as a CSV column: a metric like any other', async () => {
    const csv = join(dir, `c-${key}.csv`);
    writeFileSync(csv, `step,loss,${key}\n1,2.5,7\n2,2.4,8\n3,2.3,9\n`);
    const result = await run(options({ csv: [csv] }), quiet);
    expect(result.errors).toEqual([]);
    const metric = result.summaries[0]!.metrics.find((m) => m.name === key);
    expect(metric, key).toBeDefined();
    expect(metric!.count).toBe(3);
    const lines = result.statsd!.printed;
    expectPlain(lines.join('\n'));
    const prom = toPrometheusSamples(result.summaries, null, { prefix: 'p', tags: {}, allowIdTags: false, github });
    expectPlain((await Promise.all(prom.groups.map((g) => registryFor(g).metrics()))).join('\n'));
  });
});

describe.each(NAMES)('the name %s in a config file', (key) => {
  it('is an unknown setting at the top level, not a summary setting it inherits', async () => {
    const { parseConfig } = await import('../../src/config/parse.js');
    const config = parseConfig(`${key}: 3\n`, 'c.yml');
    expect(config.summary).toEqual(parseConfig('', 'c.yml').summary);
    expect(config.gate).toEqual(parseConfig('', 'c.yml').gate);
  });

  it('is refused as an unknown gate setting with the usual message (no stack trace)', async () => {
    const { parseGateConfig } = await import('../../src/config/gate.js');
    const section = JSON.parse(`{"${key}": 0.1}`);
    expect(() => parseGateConfig(section, 'c.yml')).toThrow(`unknown gate setting "${key}"`);
    expect(() => parseGateConfig({ prior_cv: section }, 'c.yml')).toThrow(
      `gate.prior_cv.${key}: expected throughput, loss, quality, memory or other`,
    );
  });

  it('as a header unit (`loss [constructor]`) is the unit written, not an inherited alias', async () => {
    const { defaultClass } = await import('../../src/classify/defaults.js');
    expect(defaultClass(`loss [${key}]`).unit).toBe(key.toLowerCase());
  });
});
