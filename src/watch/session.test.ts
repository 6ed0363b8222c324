import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { saveIdentity } from './session.js';

const TABLE = '| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |\n';

describe('saveIdentity', () => {
  const tmp = process.env.TMPDIR;
  afterEach(() => {
    if (tmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmp;
  });

  it("saves nvidia-smi's table as a file to read as an environment file", async () => {
    const file = await saveIdentity({ identity: async () => TABLE }, () => {});
    expect(await readFile(file!, 'utf8')).toBe(TABLE);
  });

  it('is null for output that names no driver', async () => {
    expect(await saveIdentity({ identity: async () => 'command not found' }, () => {})).toBeNull();
  });

  it('is a warning and null, not a rejection, where the temporary folder cannot be written', async () => {
    process.env.TMPDIR = '/nonexistent/tmg-no-such-folder';
    const warnings: string[] = [];
    await expect(saveIdentity({ identity: async () => TABLE }, (m) => warnings.push(m))).resolves.toBeNull();
    expect(warnings).toEqual([expect.stringMatching(/^watch: nvidia-smi's table could not be saved \(.*ENOENT/)]);
  });
});
