import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { collectTable } from './collect.js';
import { openTable } from './open-table.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-monitor-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('a Stable-Baselines3 / OpenAI baselines monitor.csv', () => {
  it('is read as the library reads it: steps are the environment steps done, r the episode reward', async () => {
    const path = write(
      'monitor.csv',
      '#{"t_start": 1635497646.21, "env_id": "HalfCheetah-v3"}\r\nr,l,t,is_success\r\n-289.5,1000,32.2,False\r\n-150.25,800,60.1,True\r\n,,,\r\n12.5,1000,91.0,True\r\n',
    );
    const table = await openTable(path);
    expect(table.tags).toEqual({ env_id: 'HalfCheetah-v3' });
    expect(table.columns).toEqual(['episode_reward', 'episode_length', 'time_elapsed', 'is_success']);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1000, 1800, 2800]);
    expect(t.values.episode_reward).toEqual([-289.5, -150.25, 12.5]);
    expect(t.values.is_success).toEqual([0, 1, 1]);
    expect(table.warnings).toEqual(['1 episode row without a positive whole length "l" left out (first at line 5)']);
  });

  it('is refused, naming the file and line, when its header names no r and l', async () => {
    const path = write('bad.csv', '#{"t_start": 1.0}\nreward,len\n1,2\n');
    const err = await openTable(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/bad\.csv:2: a monitor file's header names no "r" and "l" columns/);
  });
});
