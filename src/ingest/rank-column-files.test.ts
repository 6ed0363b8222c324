import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rankColumnFilesIn } from './rank-column-files.js';

const root = mkdtempSync(join(tmpdir(), 'tmg-rank-column-files-'));
function folder(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

describe('rankColumnFilesIn', () => {
  it("finds a job's files by the rank their rows name, in rank order, CSV and JSON lines alike", async () => {
    const dir = folder('job', {
      'worker-host-b.csv': 'step,rank,loss\n1,10,2\n',
      'worker-host-a.jsonl': '{"step":1,"global_rank":2,"loss":2}\n',
      'worker-host-c.csv': 'step,rank,loss\n1,0,2\n',
    });
    expect(await rankColumnFilesIn(dir)).toEqual([
      { rank: '0', file: join(dir, 'worker-host-c.csv') },
      { rank: '2', file: join(dir, 'worker-host-a.jsonl') },
      { rank: '10', file: join(dir, 'worker-host-b.csv') },
    ]);
  });

  it('is null for one file, a file without a rank, two files of one rank, or no folder', async () => {
    expect(await rankColumnFilesIn(folder('one', { 'a.csv': 'step,rank,loss\n1,0,2\n' }))).toBeNull();
    expect(
      await rankColumnFilesIn(folder('norank', { 'a.csv': 'step,rank,loss\n1,0,2\n', 'b.csv': 'step,loss\n1,2\n' })),
    ).toBeNull();
    expect(
      await rankColumnFilesIn(
        folder('same', { 'a.csv': 'step,rank,loss\n1,0,2\n', 'b.csv': 'step,rank,loss\n1,0,2\n' }),
      ),
    ).toBeNull();
    expect(await rankColumnFilesIn(join(root, 'missing'))).toBeNull();
  });
});
