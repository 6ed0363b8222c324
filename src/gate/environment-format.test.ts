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
    expect(formatEnvironmentExplanation({ changes: [], fields: 3, named: ['arch', 'os', 'runner-image'] })).toBe(
      'environment unchanged (3 fields: runner-image, os, arch): look at the code first',
    );
    expect(formatEnvironmentExplanation({ changes: [], fields: 12 })).toBe(
      'environment unchanged (12 fields): look at the code first',
    );
  });

  it('where the change is a run or two away, says where, and what', () => {
    expect(
      formatEnvironmentExplanation({
        changes: [],
        fields: 5,
        near: {
          offset: -1,
          run: { run: 'nightly', runId: '41', sha: '', recordedAt: '' },
          changes: [{ field: 'cuda', from: '12.4', to: '12.6' }],
        },
      }),
    ).toBe(
      'environment unchanged between these runs, but it changed 1 run before the first bad one (run nightly #41): cuda 12.4 → 12.6',
    );
  });

  it('cuts a long value', () => {
    expect([...formatEnvironmentValue(`file:///${'w'.repeat(100)}`)]).toHaveLength(60);
    expect(formatEnvironmentValue('12.4')).toBe('12.4');
  });
});
