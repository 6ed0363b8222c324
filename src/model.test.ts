import { describe, expect, it } from 'vitest';
import { fingerprintKey } from './model.js';

describe('history record', () => {
  it('builds a fingerprint key independent of key order', () => {
    expect(fingerprintKey({ world_size: '8', gpu: 'H100' })).toBe('gpu=H100,world_size=8');
    expect(fingerprintKey({})).toBe('');
  });
});
