/** The history commands' plain-text tables: aligned, control characters shown as \xNN, any number of rows. */
import { describe, expect, it } from 'vitest';
import { textTable } from '../../src/report/text-table.js';

describe('textTable', () => {
  it('aligns columns and writes control characters so a name cannot break a row or move the cursor', () => {
    const cell = 'a\\x1b[31m\\x0ab'; // 14 characters, on one line
    const rows = [
      ['a\u001b[31m\nb', '1'],
      ['bb', '22'],
    ];
    expect(textTable(['name', 'v'], rows)).toBe(
      [`name${' '.repeat(10)}  v`, `${cell}  1`, `bb${' '.repeat(12)}  22`].join('\n'),
    );
  });

  it('takes more rows than a function call takes arguments', () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => [`run${i}`, 'x']);
    expect(textTable(['run', 'v'], rows).split('\n')).toHaveLength(300_001);
  });
});
