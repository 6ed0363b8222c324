import { describe, expect, it } from 'vitest';
import { formatBaseline, formatChange, formatNumber, formatValue } from './format.js';

describe('formatNumber', () => {
  it('uses three significant digits and a real minus sign', () => {
    expect(formatNumber(0.39812)).toBe('0.398');
    expect(formatNumber(-2.4567)).toBe('\u22122.46');
    expect(formatNumber(12345.6)).toBe('12,346');
    expect(formatNumber(1.2e-4)).toBe('1.2e-4');
    expect(formatNumber(NaN)).toBe('NaN');
    expect(formatNumber(0)).toBe('0');
  });
});

describe('formatValue', () => {
  it('formats by unit', () => {
    expect(formatValue(0.398, 'ratio')).toBe('0.398');
    expect(formatValue(1.912, 'seconds')).toBe('1.91 s');
    expect(formatValue(0.412, 'seconds')).toBe('412 ms');
    expect(formatValue(1500, 'milliseconds')).toBe('1.5 s');
    // As the header states it: a [MiB] column in MiB, a [GB] one in GiB; only bytes are converted (and say so).
    expect(formatValue(73_012, 'mebibytes')).toBe('73,012 MiB');
    expect(formatValue(71.3, 'gibibytes')).toBe('71.3 GiB');
    expect(formatValue(387.26, 'watts')).toBe('387 W');
    expect(formatValue(80 * 2 ** 30, 'bytes')).toBe('80 GiB');
    expect(formatValue(412.3, 'tflops')).toBe('412 TFLOP/s');
    expect(formatValue(null, 'ratio')).toBe('—');
  });
});

describe('formatChange and formatBaseline', () => {
  it('signs the change in percent', () => {
    expect(formatChange(-0.0546)).toBe('\u22125.5 %');
    expect(formatChange(0.004)).toBe('+0.4 %');
    expect(formatChange(null)).toBe('—');
    expect(formatChange(-0.00001)).toBe('0.0 %');
  });
  it('writes centre ± band, the band relative and labelled as the verdict reason labels it', () => {
    expect(formatBaseline(0.421, 0.0042, 'ratio', 'regression')).toBe('0.421 ± 1.0 % noise band');
    expect(formatBaseline(0.421, 0.0042, 'ratio', 'insufficient-history')).toBe('0.421 ± 1.0 % sd');
    expect(formatBaseline(0, 0.5, 'ratio', 'pass')).toBe('0 ± 0.5 noise band');
  });
});
