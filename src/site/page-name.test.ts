import { describe, expect, it } from 'vitest';
import { pageFile } from './page-name.js';

describe('pageFile', () => {
  it('makes a name that stays in the folder, whatever the experiment is called', () => {
    for (const [e, f] of [
      ['../../etc/passwd', ''],
      ['.hidden', 'a=/b'],
      ['<script>', '"\'\\'],
      ['', ''],
      ['名前', 'gpu=H100'],
    ]) {
      const name = pageFile(e!, f!);
      expect(name).toMatch(/^[A-Za-z0-9_+-][A-Za-z0-9_.+-]*$/);
      expect(name).not.toContain('..');
    }
  });

  it('gives names that slug alike their own files, and the same pair the same file', () => {
    expect(pageFile('a/b', '')).not.toBe(pageFile('a-b', ''));
    expect(pageFile('a', 'b')).not.toBe(pageFile('a-b', ''));
    expect(pageFile('exp', 'gpu=H100')).toBe(pageFile('exp', 'gpu=H100'));
  });
});
