/** Where a run starts and ends: per-metric warm-up, trailing padding, a run shorter than its warm-up, the last loss point. */
import { join } from 'node:path';
import { median } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/index.js';
import { openTable } from '../ingest/open-table.js';
import { tableFromColumns } from '../ingest/table-from-columns.js';
import type { RunInput, Table } from '../model.js';
import { summarizeRun } from './index.js';

const real = (name: string) => join(import.meta.dirname, '../../fixtures/real', name);

function run(table: Table): RunInput {
  return { name: 'r', experiment: 'e', tags: {}, fingerprint: {}, table };
}

function columns(steps: number[], cols: Record<string, number[]>, nanTokens?: Record<string, number[]>): RunInput {
  return run(tableFromColumns('edges.csv', steps, cols, { nanTokens, batchSize: 7 }));
}

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

describe('warm-up counts from a metric’s first step with data', () => {
  it('a resumed run whose first rows are empty for a metric does not spend its warm-up on them', async () => {
    const steps = range(0, 100);
    // MFU starts at step 40 (resumed); its first 10 logged steps are a ramp.
    const mfu = steps.map((s) => (s < 40 ? NaN : s < 50 ? 0.05 : 0.42));
    const loss = steps.map((s) => 3 - s / 100);
    const summary = await summarizeRun(columns(steps, { MFU: mfu, loss }), DEFAULT_CONFIG);
    const m = summary.metrics.find((x) => x.name === 'MFU')!;
    expect(m.steady!.fromStep).toBe(50);
    expect(m.steady!.n).toBe(50);
    expect(m.steady!.p10).toBeCloseTo(0.42, 3);
    expect(summary.metrics.find((x) => x.name === 'loss')!.steady!.fromStep).toBe(10);
  });
});

describe('trailing rows without data', () => {
  it('are not steps: the run ends at the last row with data, with one warning', async () => {
    const steps = range(1, 60);
    const cell = (s: number, v: number) => (s > 50 ? NaN : v);
    const summary = await summarizeRun(
      columns(steps, {
        loss: steps.map((s) => cell(s, 3 - s / 100)),
        step_time: steps.map((s) => cell(s, 1)),
        MFU: steps.map((s) => cell(s, 0.4)),
      }),
      DEFAULT_CONFIG,
    );
    expect(summary.steps).toEqual({ count: 50, first: 1, last: 50 });
    const padding = summary.warnings.filter((w) => /trailing row/.test(w));
    expect(padding).toEqual([
      '10 trailing rows (steps 51–60) have no value in any column: not counted as steps; the run ends at step 50',
    ]);
    for (const m of summary.metrics) for (const w of m.windows) expect(w.to).toBeLessThanOrEqual(50);
  });

  it('in the real Megatron golden values (57 steps of "nan" padding): the run ends at 12715, windows and samples too', async () => {
    const summary = await summarizeRun(
      run(await openTable(real('megatron_golden_values_gpt3_15b_8t_release_sm_h100.json'))),
      DEFAULT_CONFIG,
    );
    expect(summary.steps).toEqual({ count: 2544, first: 1, last: 12715 });
    expect(summary.warnings.filter((w) => /trailing/.test(w))).toEqual([
      '57 trailing steps (steps 12720–13000) hold only "nan": Megatron\'s golden values pad past the last logged step this way; not counted as steps, the run ends at step 12715',
    ]);
    const loss = summary.metrics.find((m) => m.name === 'lm loss')!;
    expect(loss.nan).toBe(0);
    expect(loss.loss!.samples.at(-1)).toEqual([12715, loss.last]);
    for (const m of summary.metrics) {
      const last = m.windows.at(-1);
      if (last) expect(last.to).toBe(12715);
    }
  });

  it('in a CSV, which defines no padding, the same "nan" rows are a loss that went NaN and kept logging', async () => {
    const summary = await summarizeRun(
      run(await openTable(real('megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv'))),
      DEFAULT_CONFIG,
    );
    expect(summary.steps.last).toBe(13000);
    const loss = summary.metrics.find((m) => m.name === 'lm loss')!;
    expect(loss.nan).toBe(57);
    expect(loss.firstNonFiniteStep).toBe(12720);
  });

  it('rows of empty cells at the end are still not steps', async () => {
    const steps = range(0, 10);
    const loss = steps.map((s) => (s < 7 ? 3 - s / 10 : NaN));
    const summary = await summarizeRun(columns(steps, { loss }), DEFAULT_CONFIG);
    expect(summary.steps.last).toBe(6);
    expect(summary.metrics[0]!.nan).toBe(0);
  });
});

describe('a run shorter than its warm-up', () => {
  it('still reports every metric, its steady state over every value, with one note', async () => {
    const steps = range(0, 6);
    const summary = await summarizeRun(
      columns(steps, {
        loss: [3, 2.9, 2.8, 2.7, 2.6, 2.5],
        step_time: [5, 1, 1, 1, 1, 1],
        MFU: [0.1, 0.4, 0.4, 0.4, 0.4, 0.4],
        lr: [1, 1, 1, 1, 1, 1],
      }),
      DEFAULT_CONFIG,
    );
    const by = Object.fromEntries(summary.metrics.map((m) => [m.name, m]));
    for (const name of ['loss', 'step_time', 'MFU'])
      expect(by[name]!.steady).toMatchObject({ n: 6, fromStep: 0, warmupIncluded: true });
    // the timer's windows keep its warm-up when there is nothing else to send
    expect(by.step_time!.windows.map((w) => w.count)).toEqual([6]);
    expect(by.step_time!.steady!.median).toBeCloseTo(1, 3);
    expect(by.MFU!.windows.map((w) => w.count)).toEqual([6]);
    // steps 4 and 5 are the last quarter of 0–5
    expect(by.loss!.loss!.finalWindow.median).toBeCloseTo(2.55, 12);
    expect(by.lr!.steady).toBeNull();
    expect(by.lr!.last).toBe(1);
    expect(summary.warnings.filter((w) => /warmup_steps/.test(w))).toEqual([
      'loss, step_time, MFU: fewer steps than warmup_steps (10) after their first value; steady state taken over every value, warm-up included',
    ]);
  });
});

describe('the final loss of a sparse validation column (real Lightning CSVLogger file)', () => {
  it('is the median of its last quarter of steps, not of the whole run; the last value is beside it', async () => {
    const table = await openTable(real('lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv'));
    const summary = await summarizeRun(run(table), DEFAULT_CONFIG);
    const val = summary.metrics.find((m) => m.name === 'val_loss')!;
    expect(val.count).toBe(100);
    expect(val.last).toBeCloseTo(8.01e-6, 8);
    expect(val.lastStep).toBe(10899);
    const fw = val.loss!.finalWindow;
    // val rows at the end of each of 100 epochs (108, 217, …, 10899): the window is those from 8201.25 on
    const points = await pointsOf('val_loss');
    const inWindow = points.filter(([step]) => step >= 108 + 0.75 * (10899 - 108));
    expect(inWindow.length).toBe(25);
    expect(fw).toMatchObject({ from: inWindow[0]![0], to: 10899, count: 25 });
    expect(fw.median).toBeCloseTo(median(inWindow.map(([, v]) => v)), 12);
    // the old rule (median of the last 100 points) was the median of the whole column
    expect(fw.median).not.toBeCloseTo(median(points.map(([, v]) => v)), 8);
  });
});

async function pointsOf(column: string): Promise<[number, number][]> {
  const { collectTable } = await import('../ingest/collect.js');
  const t = await collectTable(await openTable(real('lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv')));
  const values = t.values[column]!;
  return t.steps.map((s, i) => [s, values[i]!] as [number, number]).filter(([, v]) => Number.isFinite(v));
}

describe('a NaN loss is a NaN wherever a step logged it', () => {
  const write = async (name: string, text: string) => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'nan-'));
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  it('in a loss log of one metric, at its last row (a run that went NaN and kept logging, or stopped there)', async () => {
    const lines = ['step,loss', ...range(1, 700).map((s) => `${s},${(3 - s / 1000).toFixed(4)}`), '700,nan'];
    const summary = await summarizeRun(
      run(await openTable(await write('loss.csv', `${lines.join('\n')}\n`))),
      DEFAULT_CONFIG,
    );
    expect(summary.metrics[0]!.nan).toBe(1);
    expect(summary.metrics[0]!.firstNonFiniteStep).toBe(700);
    expect(summary.steps.last).toBe(700);
  });

  it('in the older golden-values list layout, at a step only the loss has', async () => {
    const json = {
      'lm loss': {
        start_step: 0,
        end_step: 100,
        step_interval: 5,
        values: [...range(0, 20).map((i) => 10 - i / 5), 'nan'],
      },
      'num-zeros': { start_step: 0, end_step: 80, step_interval: 5, values: range(0, 17).map((i) => 500 + i) },
    };
    // "lm loss" goes NaN at step 85, where num-zeros has no value; step 100, "nan" past every metric's last
    // value, is the format's padding.
    json['lm loss'].values.splice(17, 1, 'nan');
    const summary = await summarizeRun(
      run(await openTable(await write('golden.json', JSON.stringify(json)))),
      DEFAULT_CONFIG,
    );
    const loss = summary.metrics.find((m) => m.name === 'lm loss')!;
    expect(loss.firstNonFiniteStep).toBe(85);
    expect(loss.nan).toBe(1);
    expect(summary.steps.last).toBe(95);
    expect(summary.warnings.join('\n')).toMatch(
      /1 trailing step \(step 100\) holds only "nan": Megatron's golden values pad/,
    );
  });
});
