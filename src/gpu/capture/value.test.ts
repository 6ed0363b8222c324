import { describe, expect, it } from 'vitest';
import { BadCell, parseCell } from './value.js';

describe('parseCell', () => {
  it('reads values with their unit and bare values with the header unit', () => {
    expect(parseCell('96 %', 'percent')).toBe(96);
    expect(parseCell('17304 MiB', 'mebibytes')).toBe(17304);
    expect(parseCell('17304', 'mebibytes', 'MiB')).toBe(17304);
    expect(parseCell('2 GiB', 'mebibytes')).toBe(2048);
    expect(parseCell('1048576', 'mebibytes', 'bytes')).toBe(1);
    // MB and GB are MiB and GiB, as GPU tools and the metric CSVs mean them.
    expect(parseCell('17304 MB', 'mebibytes')).toBe(17304);
    expect(parseCell('80', 'mebibytes', 'GB')).toBe(81920);
    expect(parseCell(' 631.95 W', 'watts')).toBe(631.95);
    expect(parseCell('1.98 GHz', 'megahertz')).toBe(1980);
    expect(parseCell('1.98e+09', 'megahertz', 'Hz')).toBe(1980);
  });

  it('turns every "no value" marker into NaN', () => {
    for (const cell of [
      '[N/A]',
      'N/A',
      '[Not Supported]',
      '[Requested functionality has been deprecated]',
      '-',
      '',
      ' ',
    ]) {
      expect(parseCell(cell, 'percent')).toBeNaN();
    }
  });

  it('refuses text that is not a number', () => {
    expect(() => parseCell('Disabled', 'percent')).toThrow(BadCell);
    expect(() => parseCell('12 parsecs', 'mebibytes')).toThrow(/unknown memory unit/);
  });
});
