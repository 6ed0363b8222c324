import { describe, expect, it } from 'vitest';
import { formatChange, formatValue } from './format.js';

describe('formatting', () => {
  it('writes changes as signed percentages', () => {
    expect(formatChange(-0.0553)).toBe('\u22125.5 %');
    expect(formatChange(0.1234)).toBe('+12.3 %');
    expect(formatChange(1.5)).toBe('+150 %');
    expect(formatChange(0)).toBe('0.0 %');
    expect(formatChange(null)).toBe('—');
  });
  it('writes values with four significant digits', () => {
    expect(formatValue(0.42137)).toBe('0.4214');
    expect(formatValue(81234.5)).toBe('81230');
    expect(formatValue(2.5e9)).toBe('2.500e+9');
  });
});
