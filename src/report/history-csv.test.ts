import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../test/helpers/history-records.js';
import { environmentColumns, historyCsv } from './history-csv.js';

const runs = [
  sampleRecord('a', 0.42, { runId: '1', environment: { cuda: '12.4', torch: '2.4.1', numpy: '1.26.4' } }),
  sampleRecord('b', 0.41, { runId: '2', environment: { cuda: '12.4', torch: '2.5.0', numpy: '1.26.4', nccl: '2.21' } }),
  // From before environments were recorded.
  sampleRecord('c', 0.4, { runId: '3' }),
];

describe('environment columns of the history CSV', () => {
  it("the tool's own fields, and the others only where they are not the same in every run that recorded one", () => {
    expect(environmentColumns(runs.map((r) => r.environment))).toEqual(['cuda', 'nccl', 'torch']);
    expect(environmentColumns([runs[2]!.environment])).toEqual([]);
  });

  it('a column per field after the metrics, an empty cell where a run has none, a formula defused', () => {
    const hostile = sampleRecord('d', 0.4, { runId: '4', environment: { cuda: '=cmd|calc', torch: '2.5.0' } });
    const rows = parse(historyCsv([...runs, hostile]), { columns: true }) as Record<string, string>[];
    // d has no numpy: numpy now varies too.
    expect(Object.keys(rows[0]!).slice(-4)).toEqual([
      'environment.cuda',
      'environment.nccl',
      'environment.numpy',
      'environment.torch',
    ]);
    expect(rows.map((r) => r['environment.torch'])).toEqual(['2.4.1', '2.5.0', '', '2.5.0']);
    expect(rows[0]!['environment.nccl']).toBe('');
    expect(rows[3]!['environment.cuda']).toBe("'=cmd|calc");
  });
});
