import { describe, expect, it } from 'vitest';
import { packageName } from './package-name.js';

describe('packageName', () => {
  it('lowercases and joins runs of - _ . into one - (PEP 503)', () => {
    expect(packageName('Torch')).toBe('torch');
    expect(packageName('ruamel.yaml')).toBe('ruamel-yaml');
    expect(packageName('nvidia_nccl_cu12')).toBe('nvidia-nccl-cu12');
    expect(packageName('a-_.b')).toBe('a-b');
    expect(packageName(' PyYAML ')).toBe('pyyaml');
  });
});
