import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { siteFromStore } from './history-site.js';

describe('siteFromStore', () => {
  it('an output folder that cannot be made is an InputError naming it, not an internal error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-site-out-'));
    const history = join(dir, 'history.json');
    await writeFile(history, JSON.stringify({ format: 1, runs: [] }));
    const output = join(dir, 'taken');
    await writeFile(output, 'a file where the folder should be');
    const error = await siteFromStore(history, output, {}, { config: null }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      new RegExp(`^${output.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: cannot write the site there \\(EEXIST: `),
    );
  });
});
