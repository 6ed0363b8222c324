import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempDirUntilExit } from './temp-dir.js';

describe('tempDirUntilExit', () => {
  it('makes a folder each call, under one exit listener however many there are', () => {
    const before = process.listenerCount('exit');
    const made = Array.from({ length: 20 }, () => tempDirUntilExit('tmg-test-'));
    expect(new Set(made).size).toBe(20);
    for (const dir of made) expect(existsSync(dir)).toBe(true);
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1);
  });
});
