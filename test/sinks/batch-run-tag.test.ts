/**
 * Several `--csv` runs in one emit never share a series: their names are unique within the batch, and when
 * two runs share an experiment every StatsD line carries `run:<name>`.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS, githubContextFromEnv, type Options } from '../../src/options.js';
import { run } from '../../src/run.js';

const real = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv';
const demo = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';
const dir = mkdtempSync(join(tmpdir(), 'tmg-batch-'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function options(more: Partial<Options>): Options {
  return { ...DEFAULT_OPTIONS, command: 'emit', github: githubContextFromEnv({}), notices: [], dryRun: true, ...more };
}

/** The same file at two paths whose run names would be alike: `<x>/run1/metrics_rank_0.csv`. */
function twoCopies(file: string): [string, string] {
  return ['a', 'b'].map((x) => {
    mkdirSync(join(dir, x, 'run1'), { recursive: true });
    const path = join(dir, x, 'run1', 'metrics_rank_0.csv');
    copyFileSync(file, path);
    return path;
  }) as [string, string];
}

/** A line's series: the name and its tags, without the value. */
const seriesOf = (line: string) => line.replace(/:[^:|]*\|/, '|');

describe.each([real, demo])('two --csv runs of %s', (file) => {
  it('with one --experiment: every line carries run:<name>, and the two runs share no series', async () => {
    const [a, b] = [join(dir, 'x.csv'), join(dir, 'y.csv')];
    copyFileSync(file, a);
    copyFileSync(file, b);
    const one = await run(options({ csv: [a], experiment: 'exp' }), quiet);
    const both = await run(options({ csv: [a, b], experiment: 'exp' }), quiet);
    expect(both.exitCode).toBe(0);
    const lines = both.statsd!.printed;
    const ofA = lines.filter((l) => l.includes('run:x'));
    const ofB = lines.filter((l) => l.includes('run:y'));
    expect(ofA.length + ofB.length).toBe(lines.length);
    expect(ofA).toHaveLength(one.statsd!.printed.length);
    const seriesA = new Set(ofA.map(seriesOf));
    expect(ofB.map(seriesOf).filter((s) => seriesA.has(s))).toEqual([]);
    expect(both.statsd!.series).toBe(2 * one.statsd!.series);
  });

  it('whose files would give one name: the second is renamed, with a warning, and keeps its own series', async () => {
    const warnings: string[] = [];
    const both = await run(options({ csv: twoCopies(file), experiment: 'exp' }), {
      ...quiet,
      warn: (w) => warnings.push(w),
    });
    expect(both.summaries.map((s) => s.name)).toEqual(['run1', 'run1-2']);
    expect(warnings.some((w) => /another --csv run is already named run1; this one is named run1-2/.test(w))).toBe(
      true,
    );
    const lines = both.statsd!.printed;
    const ofA = new Set(lines.filter((l) => /run:run1(\||,|$)/.test(l)).map(seriesOf));
    const ofB = lines.filter((l) => l.includes('run:run1-2')).map(seriesOf);
    expect(ofA.size).toBeGreaterThan(0);
    expect(ofB.filter((s) => ofA.has(s))).toEqual([]);
  });
});

it('a single run, or runs of different experiments, carry no run tag (their experiment tells them apart)', async () => {
  const single = await run(options({ csv: [demo] }), quiet);
  expect(single.statsd!.printed.some((l) => l.includes('run:'))).toBe(false);
  const [a, b] = [join(dir, 'p.csv'), join(dir, 'q.csv')];
  copyFileSync(demo, a);
  copyFileSync(demo, b);
  const apart = await run(options({ csv: [a, b] }), quiet);
  expect(apart.statsd!.printed.some((l) => l.includes('run:'))).toBe(false);
  expect(apart.statsd!.series).toBe(2 * single.statsd!.series);
});
