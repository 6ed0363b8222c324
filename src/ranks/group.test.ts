import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupRanks, jobName, rankEntriesIn } from './group.js';

describe('groupRanks', () => {
  it('makes one job of the ranks of one job, in rank order, where its first file was', () => {
    const jobs = groupRanks([
      'a.csv',
      'out/metrics_rank_10.csv',
      'out/metrics_rank_2.csv',
      'b.csv',
      'out/metrics_rank_0.csv',
    ]);
    expect(jobs.map((j) => j.job)).toEqual([null, 'out/metrics_rank_*.csv', null]);
    expect(jobs[1]!.files.map((f) => f.rank)).toEqual(['0', '2', '10']);
    expect(jobs[2]!.files).toEqual([{ rank: '', file: 'b.csv' }]);
  });
  it('keeps a lone rank file a run of its own, and two jobs apart', () => {
    expect(groupRanks(['x/metrics_rank_0.csv'])).toEqual([
      { job: null, files: [{ rank: '', file: 'x/metrics_rank_0.csv' }] },
    ]);
    const two = groupRanks([
      'x/metrics_rank_0.csv',
      'y/metrics_rank_0.csv',
      'x/metrics_rank_1.csv',
      'y/metrics_rank_1.csv',
    ]);
    expect(two.map((j) => j.files.length)).toEqual([2, 2]);
  });
  it('never puts one rank twice into a job', () => {
    const jobs = groupRanks(['o/metrics_rank_1.csv', 'o/metrics_rank_01.csv', 'o/metrics_rank_0.csv']);
    expect(jobs[0]!.files.map((f) => f.file)).toEqual(['o/metrics_rank_0.csv', 'o/metrics_rank_1.csv']);
    expect(jobs[1]!.files).toEqual([{ rank: '', file: 'o/metrics_rank_01.csv' }]);
  });
});

describe('rankEntriesIn', () => {
  it("finds a folder's rank files, or its ranks' folders", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ranks-'));
    for (const r of [0, 1, 2]) writeFileSync(join(dir, `metrics_rank_${r}.csv`), 'step,loss\n1,2\n');
    writeFileSync(join(dir, 'notes.txt'), '');
    expect(await rankEntriesIn(dir)).toEqual([0, 1, 2].map((r) => join(dir, `metrics_rank_${r}.csv`)));
    const nested = mkdtempSync(join(tmpdir(), 'ranks-'));
    for (const r of [0, 1]) mkdirSync(join(nested, `rank_${r}`));
    expect(await rankEntriesIn(nested)).toEqual([join(nested, 'rank_0'), join(nested, 'rank_1')]);
    expect(await rankEntriesIn(join(nested, 'rank_0'))).toBeNull();
  });
});

describe('jobName', () => {
  it('names a job as its folder or its files without the rank', () => {
    expect(jobName('runs/llama-8b/metrics_rank_*.csv')).toBe('llama-8b');
    expect(jobName('runs/job-7/rank_*/metrics.csv')).toBe('job-7');
    expect(jobName('runs/job-7/rank*')).toBe('job-7');
    expect(jobName('logs/train-rank*.jsonl')).toBe('train');
  });
});
