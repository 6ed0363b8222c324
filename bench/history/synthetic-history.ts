/**
 * A fleet-sized history for the benchmark: `experiments` × `runs` records cloned from one real record
 * (a demo run recorded by the CLI), each with its own identity, commit, time and a little run-to-run noise.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryRecord } from '../../src/model.js';

/** Deterministic, so every store gets the same history. */
class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state * 1664525 + 1013904223) >>> 0;
    return this.state / 2 ** 32;
  }
  noise(): number {
    return (this.next() + this.next() + this.next() - 1.5) * 0.02;
  }
}

export const experimentName = (e: number) => `exp-${String(e).padStart(4, '0')}`;

export function* syntheticRecords(
  template: HistoryRecord,
  experiments: number,
  runs: number,
): Generator<HistoryRecord> {
  const rng = new Rng(1);
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let r = 0; r < runs; r++) {
    for (let e = 0; e < experiments; e++) {
      const metrics: HistoryRecord['metrics'] = {};
      const k = 1 + rng.noise();
      for (const [name, m] of Object.entries(template.metrics))
        metrics[name] = { ...m, centre: m.centre * k, ...(m.final !== undefined ? { final: m.final * k } : {}) };
      yield {
        ...template,
        experiment: experimentName(e),
        run: `run-${r}`,
        recordedAt: new Date(start + (r * experiments + e) * 60_000).toISOString(),
        ref: 'refs/heads/main',
        sha: (r * experiments + e).toString(16).padStart(40, '0'),
        runId: String(r * experiments + e + 1),
        repository: 'fleet/models',
        attempt: 1,
        metrics,
      };
    }
  }
}

/** One real record of a run, recorded by the CLI at `cli` from the metrics file `csv`: the template. */
export function templateRecord(cli: string, csv: string): HistoryRecord {
  const path = join(mkdtempSync(join(tmpdir(), 'tmg-bench-tpl-')), 'h.json');
  execFileSync(process.execPath, [cli, 'record', '--history', path, '--experiment', 'e', '--csv', csv], {
    stdio: 'ignore',
  });
  return (JSON.parse(readFileSync(path, 'utf8')) as { runs: HistoryRecord[] }).runs[0]!;
}
