import { describe, expect, it } from 'vitest';
import { rankOf } from './rank-of.js';

describe('rankOf', () => {
  it('reads the rank from the file name, with the job the same for every rank', () => {
    expect(rankOf('out/metrics_rank_3.csv')).toEqual({ rank: '3', job: 'out/metrics_rank_*.csv' });
    expect(rankOf('out/metrics_rank_12.csv')?.job).toBe('out/metrics_rank_*.csv');
    expect(rankOf('logs/train-rank07.jsonl')).toEqual({ rank: '7', job: 'logs/train-rank*.jsonl' });
    expect(rankOf('logs/rank1_metrics.csv')).toEqual({ rank: '1', job: 'logs/rank*_metrics.csv' });
  });
  it('reads it from the folder when the file name has none', () => {
    expect(rankOf('job/rank_2/metrics.csv')).toEqual({ rank: '2', job: 'job/rank_*/metrics.csv' });
    expect(rankOf('job/rank3/events.out.tfevents.1700000000.host.1.0')).toEqual({ rank: '3', job: 'job/rank*' });
    expect(rankOf('job/rank_4')).toEqual({ rank: '4', job: 'job/rank_*' });
  });
  it('finds no rank where none is written as one', () => {
    expect(rankOf('out/metrics.csv')).toBeNull();
    expect(rankOf('out/frank3.csv')).toBeNull();
    expect(rankOf('out/ranking.csv')).toBeNull();
    expect(rankOf('out/events.out.tfevents.1.rank3host.1.0')).toBeNull();
  });
  it('keeps two jobs apart', () => {
    expect(rankOf('a/metrics_rank_0.csv')?.job).not.toBe(rankOf('b/metrics_rank_0.csv')?.job);
    expect(rankOf('a/train_rank_0.csv')?.job).not.toBe(rankOf('a/eval_rank_0.csv')?.job);
  });
});
