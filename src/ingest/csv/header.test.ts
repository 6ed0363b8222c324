import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { parseHeader } from './header.js';

describe('parseHeader', () => {
  it('splits an unquoted header exactly as csv-parse reads it', async () => {
    const lines: [string, string][] = [
      ['step,train.lm_loss,memory.allocated [MiB], MFU ,Tflops,', ','],
      ['iteration\tlm loss\titeration-time', '\t'],
      ['a;b;;c', ';'],
    ];
    for (const [line, delimiter] of lines) {
      const viaCsvParse = (
        parse(line, { delimiter, relax_column_count: true, relax_quotes: true, trim: true }) as string[][]
      )[0]!.map((f, i) => f.trim() || `column${i + 1}`);
      expect(await parseHeader('m.csv', 1, line, delimiter)).toEqual(viaCsvParse);
    }
    expect(await parseHeader('m.csv', 1, 'a;b;;c', ';')).toEqual(['a', 'b', 'column3', 'c']);
  });

  it('reads a quoted header with csv-parse, delimiters inside quotes included', async () => {
    expect(await parseHeader('m.csv', 1, 'step,"memory.used [MiB]","a,b"', ',')).toEqual([
      'step',
      'memory.used [MiB]',
      'a,b',
    ]);
  });

  it('refuses duplicate names with the line', async () => {
    await expect(parseHeader('m.csv', 3, 'step,loss,loss', ',')).rejects.toThrow(
      /m\.csv:3.*duplicate column name "loss" \(columns 2 and 3\)/,
    );
  });
});
