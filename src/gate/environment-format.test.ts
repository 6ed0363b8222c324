import { describe, expect, it } from 'vitest';
import { formatEnvironmentExplanation, formatEnvironmentValue } from './environment-format.js';

const A = 'ab'.repeat(32);
const C = 'cd'.repeat(32);

describe('formatEnvironmentExplanation', () => {
  it('names the changed fields, the recorded ones first, digests shortened', () => {
    const text = formatEnvironmentExplanation({
      changes: [
        { field: 'torch', from: '2.4.1', to: '2.5.0' },
        { field: 'image', from: `sha256:${A}`, to: `sha256:${C}` },
        { field: 'nccl', from: undefined, to: '2.21.5' },
      ],
      fields: 20,
    });
    expect(text).toBe(
      `coincides with: image sha256:${A.slice(0, 12)}… → sha256:${C.slice(0, 12)}…, nccl (none) → 2.21.5, torch 2.4.1 → 2.5.0`,
    );
  });

  it('counts the changes beyond the ones it names', () => {
    const changes = Array.from({ length: 9 }, (_, i) => ({ field: `p${i}`, from: '1', to: '2' }));
    expect(formatEnvironmentExplanation({ changes, fields: 9 }, 6)).toMatch(/p5 1 → 2, and 3 more fields$/);
  });

  it('says an unchanged environment is unchanged, so the code is looked at first', () => {
    expect(formatEnvironmentExplanation({ changes: [], fields: 12 })).toBe(
      'environment unchanged (12 fields): look at the code first',
    );
  });

  it('cuts a long value', () => {
    expect([...formatEnvironmentValue(`file:///${'w'.repeat(100)}`)]).toHaveLength(60);
    expect(formatEnvironmentValue('12.4')).toBe('12.4');
  });
});
