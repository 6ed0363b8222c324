import { describe, expect, it } from 'vitest';
import { gpuHours } from './gpu-hours.js';

describe('gpuHours', () => {
  it('is GPUs × seconds / 3600', () => {
    expect(gpuHours(8, 5400)).toBe(12);
    expect(gpuHours(1, 90)).toBe(0.025);
  });
});
