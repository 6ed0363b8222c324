import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTable } from './open-table.js';

describe('openTable on a folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-open-folder-'));
  const folder = (name: string, files: Record<string, string>) => {
    mkdirSync(join(dir, name));
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, name, f), text);
    return join(dir, name);
  };

  it('opens the one metrics file a folder holds, by its name, else the one file in it', async () => {
    const one = folder('rank_0', { 'train.csv': 'step,loss\n1,2\n', 'notes.txt': 'hello' });
    expect((await openTable(one)).source).toBe(join(one, 'train.csv'));
    const log = folder('rank_1', { 'training.log': 'epoch,loss\n0,2\n', '.hidden': 'x' });
    expect((await openTable(log)).source).toBe(join(log, 'training.log'));
  });

  it('asks for the file when the folder holds several, and says so when it holds none', async () => {
    const two = folder('two', { 'a.csv': 'step,loss\n1,2\n', 'b.jsonl': '{"step":1,"loss":2}\n' });
    await expect(openTable(two)).rejects.toThrow(
      `${two}: is a directory of 2 metrics files (a.csv, b.jsonl): name the file`,
    );
    const none = folder('none', {});
    await expect(openTable(none)).rejects.toThrow(/is a directory, not a metrics file/);
  });
});

describe('openTable on a file that starts with blank lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-open-blank-'));

  it('tells its kind from its first written line, past more blank lines than one read of its head holds', async () => {
    const json = join(dir, 'part.jsonl');
    writeFileSync(json, `${'\n'.repeat(10_000)}{"step":1,"loss":2}\n\n{"step":2,"loss":1.5}\n`);
    expect((await openTable(json)).columns).toEqual(['loss']);
    const log = join(dir, 'console.txt');
    writeFileSync(log, `${'\r\n'.repeat(5000)}[rank0]: loss 2.1 at step 3\n[rank0]: loss 2.0 at step 4\n`);
    await expect(openTable(log)).rejects.toThrow(`${log}:5001: a DeepSpeed/console text log`);
  });
});
