/**
 * The gate on every real fixture: an identical copy of a real run passes against a history of copies, and
 * a copy made worse — loss × 1.05, throughput × 0.9, step time and memory × 1.1 — is caught. Files the
 * tool refuses (console logs, per-run summaries, header-less captures) are not per-step runs and are left
 * out; the test asserts that enough real runs remain for it to mean something.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { DEFAULT_GATE_CONFIG } from '../../src/gate/config.js';
import { judgeRun } from '../../src/gate/judge.js';
import { recordFromSummary } from '../../src/gate/record.js';
import { openTable } from '../../src/ingest/index.js';
import { type Batch, InputError, type MetricClass, type RunSummary, type Table } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';

const REAL = 'fixtures/real';
const files = [
  ...readdirSync(REAL)
    .filter((f) => f !== 'PROVENANCE.md')
    .map((f) => join(REAL, f)),
  ...['gpt3-1.3b-tp1', 'gpt3-7b-tp2', 'llama3-8b-tp4'].map((d) => join('fixtures/demo', d, 'metrics_rank_0.csv')),
];

/** How a worse copy scales a metric: by what it measures, as its class says. */
function worse(cls: MetricClass): number {
  if (!cls.gate || cls.direction === 'none') return 1;
  if (cls.kind === 'loss') return 1.05;
  if (cls.kind === 'timer') return 1.1;
  if (cls.kind === 'window') return cls.direction === 'higher' ? 0.9 : 1.1;
  return 1;
}

function scaled(table: Table, factors: number[]): Table {
  async function* batches(): AsyncGenerator<Batch> {
    for await (const b of table.batches) {
      yield { ...b, values: b.values.map((column, c) => column.map((v) => v * (factors[c] ?? 1))) };
    }
  }
  return { ...table, batches: batches() };
}

async function summarize(file: string, copy: number, factors?: number[]): Promise<RunSummary> {
  const table = await openTable(file);
  return summarizeRun(
    {
      name: `copy-${copy}`,
      experiment: 'copies',
      tags: {},
      fingerprint: {},
      table: factors ? scaled(table, factors) : table,
    },
    DEFAULT_CONFIG,
  );
}

async function readable(file: string): Promise<boolean> {
  try {
    await summarize(file, 0);
    return true;
  } catch (e) {
    if (e instanceof InputError) return false;
    throw e;
  }
}

async function historyOf(file: string) {
  const runs = [];
  for (let i = 1; i <= 6; i++) {
    const s = await summarize(file, i);
    runs.push(
      recordFromSummary(s, {
        recordedAt: `2026-01-0${i}T00:00:00.000Z`,
        ref: 'refs/heads/main',
        sha: String(i).repeat(40),
        runId: String(i),
        baseline: false,
        complete: true,
      }),
    );
  }
  return runs;
}

describe('the gate on copies of every real fixture', () => {
  it('passes an identical copy and catches a worse one, on every per-step real file', async () => {
    const judged: string[] = [];
    for (const file of files) {
      if (!(await readable(file))) continue;
      const history = await historyOf(file);
      const same = judgeRun(await summarize(file, 7), history, DEFAULT_GATE_CONFIG);
      const failed = same.metrics.filter((m) => m.verdict === 'regression').map((m) => `${m.name}: ${m.reason}`);
      expect(failed, `${file}: an identical copy failed`).toEqual([]);
      expect(same.regression, file).toBe(false);

      const base = await summarize(file, 0);
      const table = await openTable(file);
      const factors = table.columns.map((name) => {
        const m = base.metrics.find((x) => x.name === name);
        return m ? worse(m.class) : 1;
      });
      const changed = new Set(base.metrics.filter((m) => worse(m.class) !== 1).map((m) => m.name));
      if (changed.size === 0) continue;
      const bad = judgeRun(await summarize(file, 8, factors), history, DEFAULT_GATE_CONFIG);
      const judgedChanged = bad.metrics.filter((m) => changed.has(m.name) && m.baseline !== null);
      const missed = judgedChanged.filter((m) => m.verdict !== 'regression').map((m) => `${m.name}: ${m.reason}`);
      expect(missed, `${file}: a worse copy was not caught`).toEqual([]);
      if (judgedChanged.length) {
        expect(bad.regression, file).toBe(true);
        judged.push(file);
      }
    }
    // Enough real runs for the rule to mean something: the demo's three and eleven real per-step files.
    expect(judged.length).toBeGreaterThanOrEqual(14);
  }, 120_000);
});
