import { describe, expect, it } from 'vitest';
import { boundEnvironment, MAX_FIELDS, MAX_VALUE } from './bound.js';

describe('boundEnvironment', () => {
  it('cuts long values and names, makes control characters spaces', () => {
    const { environment } = boundEnvironment([
      ['url', 'x'.repeat(500)],
      ['n'.repeat(150), '1'],
      ['torch', '2.5.0\n::error::hi'],
    ]);
    expect(environment.url).toHaveLength(MAX_VALUE);
    expect(environment.url!.endsWith('…')).toBe(true);
    expect(Object.keys(environment).find((k) => k.startsWith('n'))).toHaveLength(100);
    expect(environment.torch).toBe('2.5.0 ::error::hi');
  });

  it('keeps at most MAX_FIELDS fields, the first given, and says how many it left out', () => {
    const entries: [string, string][] = [['cuda', '12.4']];
    for (let i = 0; i < 1200; i++) entries.push([`pkg-${String(i).padStart(4, '0')}`, '1.0']);
    const { environment, warnings } = boundEnvironment(entries);
    expect(Object.keys(environment)).toHaveLength(MAX_FIELDS);
    expect(environment.cuda).toBe('12.4');
    expect(warnings).toEqual([expect.stringContaining('1201 fields, 201 left out')]);
    expect(boundEnvironment([['a', '1']]).warnings).toEqual([]);
  });

  it('a field given again takes the later value without counting twice', () => {
    expect(
      boundEnvironment([
        ['cuda', '12.4'],
        ['cuda', '12.6'],
      ]).environment,
    ).toEqual({ cuda: '12.6' });
  });
});
