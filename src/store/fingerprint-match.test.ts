import { describe, expect, it } from 'vitest';
import { matchFingerprint } from './fingerprint-match.js';

describe('matchFingerprint', () => {
  it('an exact match alone is the run itself', () => {
    expect(matchFingerprint('gpu=H100', ['gpu=H100', 'gpu=A100'])).toEqual({
      key: 'gpu=H100',
      keys: ['gpu=H100'],
      note: null,
    });
  });

  it('a field one side does not name is unknown, not different, both ways', () => {
    // Recorded with --csv, checked from a manifest line: the manifest's fields are kept for the record.
    const fuller = matchFingerprint('gpu=H100,world_size=8', ['']);
    expect(fuller).toMatchObject({ key: 'gpu=H100,world_size=8', keys: [''] });
    expect(fuller.note).toMatch(/^compared with runs recorded with no fingerprint fields as the same job/);
    // Recorded from a manifest, checked with --csv: judged and recorded under the manifest's fingerprint.
    const thinner = matchFingerprint('', ['gpu=H100,world_size=8', '']);
    expect(thinner).toMatchObject({ key: 'gpu=H100,world_size=8', keys: ['', 'gpu=H100,world_size=8'] });
  });

  it('never matches a different value, nor ranks merged with one rank alone', () => {
    expect(matchFingerprint('gpu=H100', ['gpu=A100']).keys).toEqual([]);
    expect(matchFingerprint('ranks=8', ['']).keys).toEqual([]);
    expect(matchFingerprint('gpu=H100,ranks=8', ['ranks=8']).keys).toEqual(['ranks=8']);
  });

  it('where the matches disagree on a field the run lacks, only its own records count, and it says so', () => {
    const own = matchFingerprint('', ['', 'gpu=H100', 'gpu=A100']);
    expect(own.keys).toEqual(['']);
    expect(own.note).toMatch(/2 other fingerprints that differ in gpu, which this run does not name: it is compared/);
    const none = matchFingerprint('', ['gpu=H100', 'gpu=A100']);
    expect(none.keys).toEqual([]);
    expect(none.note).toMatch(/give its files the way they were recorded/);
  });
});
