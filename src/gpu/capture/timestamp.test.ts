import { describe, expect, it } from 'vitest';
import { parseSampleTime } from './timestamp.js';

describe('parseSampleTime', () => {
  it('reads nvidia-smi, ISO, dmon and epoch forms', () => {
    expect(parseSampleTime('2026/07/14 08:12:53.353')).toBe(Date.UTC(2026, 6, 14, 8, 12, 53, 353));
    expect(parseSampleTime('2025-09-08T17:26:50+08:00')).toBe(Date.UTC(2025, 8, 8, 9, 26, 50));
    expect(parseSampleTime('20260714 08:12:53')).toBe(Date.UTC(2026, 6, 14, 8, 12, 53));
    expect(parseSampleTime('1786553852')).toBe(1786553852000);
    expect(parseSampleTime('1786553852123')).toBe(1786553852123);
  });

  it('gives NaN for text that is no time', () => {
    expect(parseSampleTime('yesterday')).toBeNaN();
    expect(parseSampleTime('')).toBeNaN();
  });
});
