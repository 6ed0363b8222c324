import { describe, expect, it } from 'vitest';
import { NORMAL_RUN, Rng, simulateRun, type RunSpec } from '../../bench/gate/simulate.js';
import { classify } from '../classify/index.js';
import { DEFAULT_CONFIG } from '../config/index.js';
import type { HistoryRecord, RunSummary } from '../model.js';
import { metricKey } from '../naming.js';
import { summarizeRun } from '../summarize/index.js';
import { DEFAULT_GATE_CONFIG } from './config.js';
import { judgeRecord } from './judge-record.js';
import { judgeRun } from './judge.js';
import { recordFromSummary } from './record.js';

const summarize = (name: string, spec: Partial<RunSpec>, rng: Rng): Promise<RunSummary> =>
  summarizeRun(simulateRun(name, { ...NORMAL_RUN, ...spec }, rng), DEFAULT_CONFIG);
const record = (s: RunSummary, k: number): HistoryRecord =>
  recordFromSummary(s, {
    recordedAt: '2026-01-01T00:00:00Z',
    ref: 'refs/heads/main',
    sha: 'abc',
    runId: String(k),
    baseline: false,
    complete: true,
  });
const classOf = (key: string) => classify(key, DEFAULT_CONFIG);

describe('judgeRecord', () => {
  it('gives a recorded run the verdicts, levels and bands judgeRun gave its summary', async () => {
    const rng = new Rng(5);
    const history: HistoryRecord[] = [];
    for (let k = 0; k < 12; k++) history.push(record(await summarize(`h${k}`, {}, rng), k));
    for (const spec of [{}, { speed: 0.85 }] as Partial<RunSpec>[]) {
      const summary = await summarize('now', spec, rng);
      const direct = judgeRun(summary, history, DEFAULT_GATE_CONFIG);
      const fromRecord = judgeRecord(record(summary, 99), history, classOf, DEFAULT_GATE_CONFIG);
      const shape = (g: typeof direct) =>
        g.metrics
          .map((m) => ({ name: metricKey(m.name), verdict: m.verdict, current: m.current, baseline: m.baseline }))
          .sort((a, b) => (a.name < b.name ? -1 : 1));
      expect(shape(fromRecord)).toEqual(shape(direct));
      expect(fromRecord.regression).toBe(direct.regression);
    }
  });

  it('calls a run far below the level a regression', async () => {
    const rng = new Rng(9);
    const history: HistoryRecord[] = [];
    for (let k = 0; k < 12; k++) history.push(record(await summarize(`h${k}`, {}, rng), k));
    const bad = record(await summarize('bad', { speed: 0.7 }, rng), 50);
    expect(judgeRecord(bad, history, classOf).regression).toBe(true);
  });
});
