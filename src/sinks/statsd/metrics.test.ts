import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/index.js';
import { collectTable } from '../../ingest/collect.js';
import { openTable } from '../../ingest/open-table.js';
import { tableFromColumns } from '../../ingest/table-from-columns.js';
import { summarizeRun } from '../../summarize/index.js';
import { formatValue, type StatsdMetric, toStatsdMetrics } from './metrics.js';

const MEGATRON = join(
  import.meta.dirname,
  '../../../fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json',
);

describe('StatsD lines of the real Megatron golden values', async () => {
  const input = { name: 'r', experiment: 'e', tags: {}, fingerprint: {} };
  const summary = await summarizeRun({ ...input, table: await openTable(MEGATRON) }, DEFAULT_CONFIG);
  const lines = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'plain', tags: {} });
  const logged = await collectTable(await openTable(MEGATRON));

  it('a window of five values or fewer sends those values as logged (iteration-time, every 100 steps)', () => {
    const timer = lines.filter((l) => l.name === 'tm.iteration_time');
    const column = logged.values['iteration-time']!;
    // warm-up counts from the metric's own first value
    const first = logged.steps[column.findIndex(Number.isFinite)]!;
    const values = column.filter(
      (v, i) => Number.isFinite(v) && logged.steps[i]! >= first + DEFAULT_CONFIG.summary.warmupSteps,
    );
    expect(timer.every((l) => l.sampleRate === 1)).toBe(true);
    // sent in milliseconds: the logged seconds × 1000, not a sketch's estimate of them
    expect(timer.map((l) => l.value).sort((a, b) => a - b)).toEqual(
      values.sort((a, b) => a - b).map((v) => expect.closeTo(v * 1000, 9)),
    );
  });

  it('sends the last loss point, and no window label past the last step with data', () => {
    const loss = lines.filter((l) => l.name === 'tm.lm_loss');
    expect(loss.at(-1)!.tags.step).toBe('12715');
    const ends = lines.filter((l) => l.tags.steps).map((l) => Number(l.tags.steps!.split('-')[1]));
    expect(Math.max(...ends)).toBe(12715);
  });
});

describe('units on the wire', async () => {
  const s = Array.from({ length: 300 }, (_, i) => i);
  const summary = await summarizeRun(
    {
      name: 'u',
      experiment: 'u',
      tags: {},
      fingerprint: {},
      table: tableFromColumns('run.csv', s, {
        'MFU [%]': s.map(() => 45.2),
        Tflops: s.map(() => 396.3),
        'memory.allocated [MiB]': s.map(() => 38_000),
        mem_gb: s.map(() => 40),
        step_time_ms: s.map(() => 1200),
        step_time: s.map(() => 1.25),
        tokens_per_sec: s.map(() => 66_000),
        'memory.total [MiB]': s.map(() => 81_559), // constant total: a gauge
      }),
    },
    DEFAULT_CONFIG,
  );
  const valuesOf = (lines: StatsdMetric[], name: string) => [
    ...new Set(lines.filter((l) => l.name === name).map((l) => l.value)),
  ];

  it('plain: base units (ratio, bytes, FLOP/s), named in them, so a consumer reads them right and a statsd_exporter mapping needs no scale; timers in ms', () => {
    const lines = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'plain', tags: {} });
    expect(valuesOf(lines, 'tm.mfu')).toEqual([expect.closeTo(0.452, 9)]);
    expect(valuesOf(lines, 'tm.flops_per_second')).toEqual([expect.closeTo(396.3e12, -3)]);
    expect(valuesOf(lines, 'tm.memory.allocated_bytes')).toEqual([38_000 * 2 ** 20]);
    expect(valuesOf(lines, 'tm.mem_bytes')).toEqual([40 * 2 ** 30]);
    expect(valuesOf(lines, 'tm.tokens_per_sec')).toEqual([66_000]);
    // No line keeps a name whose unit its value is not in.
    for (const wrong of ['tm.tflops', 'tm.memory.allocated', 'tm.mem_gb'])
      expect(lines.some((l) => l.name.startsWith(wrong) && !l.name.startsWith(`${wrong}_`))).toBe(false);
    // `|ms` stays milliseconds: statsd_exporter divides by 1000 itself.
    expect(valuesOf(lines, 'tm.step_time_ms')).toEqual([1200]);
    expect(valuesOf(lines, 'tm.step_time')).toEqual([1250]);
    const total = lines.filter((l) => l.name === 'tm.memory.total_bytes');
    expect(total.map((l) => [l.type, l.value])).toEqual([['g', 81_559 * 2 ** 20]]);
    // Printed without an exponent or a float tail.
    const mfu = lines.find((l) => l.name === 'tm.mfu')!;
    expect(formatValue(mfu)).toMatch(/^tm\.mfu:0\.452\|h\|@/);
  });

  it("plain: each level gauge is the steady state the gate judges, in the unit its name says (a timer's in seconds)", () => {
    const lines = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'plain', tags: {} });
    const level = (name: string) => lines.filter((l) => l.name === name).map((l) => [l.type, l.value]);
    expect(level('tm.mfu.steady.median')).toEqual([['g', expect.closeTo(0.452, 9)]]);
    expect(level('tm.flops_per_second.steady.p10')).toEqual([['g', expect.closeTo(396.3e12, -3)]]);
    expect(level('tm.memory.allocated_bytes.steady.p90')).toEqual([['g', 38_000 * 2 ** 20]]);
    expect(level('tm.step_time_seconds.steady.median')).toEqual([['g', 1.2]]);
    expect(level('tm.step_time.steady.median')).toEqual([['g', 1.25]]);
    expect(level('tm.tokens_per_sec.steady.median')).toEqual([['g', 66_000]]);
    // A gauge column has its last value only.
    expect(lines.some((l) => l.name.startsWith('tm.memory.total_bytes.'))).toBe(false);
  });

  it('datadog: as logged, the unit the Datadog names and the API route use; timers in ms', () => {
    const lines = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'datadog', tags: {} });
    expect(valuesOf(lines, 'tm.mfu')).toEqual([expect.closeTo(0.452, 9)]); // read as a ratio already
    expect(valuesOf(lines, 'tm.tflops')).toEqual([396.3]);
    expect(valuesOf(lines, 'tm.memory.allocated')).toEqual([38_000]);
    expect(valuesOf(lines, 'tm.step_time')).toEqual([1250]);
    // The level gauges as logged, under the Datadog API route's names.
    expect(valuesOf(lines, 'tm.tflops.steady.median')).toEqual([396.3]);
    expect(valuesOf(lines, 'tm.step_time.steady.p90')).toEqual([1.25]);
  });
});

describe('the last loss point', () => {
  for (const [steps, every] of [
    [1234, 50],
    [1999, 50],
    [61, 10],
    [100_003, 50], // long enough for the interval to double
  ] as const) {
    it(`is sent for a run ending at step ${steps - 1} with loss_every ${every}`, async () => {
      const s = Array.from({ length: steps }, (_, i) => i);
      const config = { ...DEFAULT_CONFIG, summary: { ...DEFAULT_CONFIG.summary, lossEvery: every } };
      const summary = await summarizeRun(
        {
          name: 'l',
          experiment: 'l',
          tags: {},
          fingerprint: {},
          table: tableFromColumns('run.csv', s, { 'train.lm_loss': s.map((i) => 2 + 1 / (i + 1)) }),
        },
        config,
      );
      const loss = toStatsdMetrics(summary, null, { prefix: 'tm', flavor: 'plain', tags: {} }).filter(
        (l) => l.name === 'tm.train.lm_loss',
      );
      expect(loss.at(-1)!.tags.step).toBe(String(steps - 1));
      expect(loss.at(-1)!.value).toBeCloseTo(2 + 1 / steps, 12);
      expect(loss[0]!.tags.step).toBe('0');
      // The grid points are multiples of the (possibly doubled) interval; the last one is extra.
      const grid = loss.slice(0, -1).map((l) => Number(l.tags.step));
      const interval = grid[1]! - grid[0]!;
      expect(interval % every).toBe(0);
      expect(grid.every((g) => g % interval === 0)).toBe(true);
    });
  }
});
