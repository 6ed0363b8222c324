import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRankTables } from './open-rank-tables.js';
import { rankCell, splitRanks } from './split-ranks.js';

const dir = mkdtempSync(join(tmpdir(), 'tmg-split-ranks-'));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

async function rows(table: { batches: AsyncIterable<{ steps: Float64Array; values: Float64Array[] }> }) {
  const out: number[][] = [];
  for await (const b of table.batches)
    for (let i = 0; i < b.steps.length; i++) out.push([b.steps[i]!, ...b.values.map((v) => v[i]!)]);
  return out;
}

describe('splitRanks', () => {
  it('splits interleaved ranks of a CSV, each line of a rank at its line in the original', async () => {
    const csv = file(
      'mixed.csv',
      `${[
        '',
        'step,rank,loss,note',
        '1,0,2.5,a',
        '1,1,2.6,"two',
        'lines"',
        '',
        '2,1,2.3,bé',
        '2,0,2.4,ç',
        '3,0,2.2,d',
      ].join('\r\n')}\r\n`,
    );
    const split = await splitRanks(csv);
    expect(split!.ranks.map((r) => r.rank)).toEqual(['0', '1']);
    expect(split!.warnings).toEqual([]);
    const original = readFileSync(csv, 'utf8').split(/\r?\n/);
    for (const { rank, file: f } of split!.ranks) {
      const lines = readFileSync(f, 'utf8').split(/\r?\n/);
      expect(lines[1]).toBe('step,rank,loss,note');
      lines.forEach((l, i) => {
        if (i > 1 && l !== '' && !l.startsWith('lines')) {
          expect(original[i]).toBe(l);
          expect(l.split(',')[1]).toBe(rank);
        }
      });
    }
  });

  it('reads each rank as a table in step order, with no restart from the other ranks', async () => {
    const csv = file('steps.csv', 'step,rank,loss\n1,0,3\n1,1,4\n2,1,5\n2,0,6\n3,1,7\n');
    const tables = await openRankTables(csv);
    expect(tables!.ranks.map((r) => r.rank)).toEqual(['0', '1']);
    expect(await rows(tables!.ranks[0]!.table)).toEqual([
      [1, 0, 3],
      [2, 0, 6],
    ]);
    expect(await rows(tables!.ranks[1]!.table)).toEqual([
      [1, 1, 4],
      [2, 1, 5],
      [3, 1, 7],
    ]);
    expect(tables!.ranks[1]!.table.warnings.join(' ')).not.toMatch(/restart/);
    expect(tables!.ranks[1]!.table.source).toBe(`${csv} (rank 1)`);
  });

  it('names the original file and line in a message about a row', async () => {
    const csv = file('bad.csv', 'step,rank,loss\n1,0,3\n1,1,4\n2,0,"5\n');
    const error = await openRankTables(csv).catch((e: Error) => e);
    expect(String(error)).toContain(`${csv}:4: unterminated quote`);
  });

  it('keeps a last line cut off mid-write cut off', async () => {
    const csv = file('cut.csv', 'step,rank,loss,x\n1,0,3,1\n1,1,4,1\n2,0,5,1\n2,1,');
    const tables = await openRankTables(csv);
    for (const { table } of tables!.ranks) await rows(table);
    expect(tables!.ranks.map((r) => r.table.truncated.value)).toEqual([false, true]);
  });

  it('splits a JSON-lines log by its rank key, leaving out and counting the lines with none', async () => {
    const log = file(
      'train.jsonl',
      `${[
        { step: 1, rank: 0, loss: 3 },
        { step: 1, rank: 1, loss: 3.1 },
        { step: 1, loss: 9 },
        { step: 2, rank: 1, loss: 2.9 },
        { step: 2, rank: 0, loss: 2.8 },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n')}\n`,
    );
    const tables = await openRankTables(log);
    expect(tables!.warnings).toEqual([
      '1 row of a file of several ranks had no readable rank (a whole number); left out (first at line 3)',
    ]);
    expect((await rows(tables!.ranks[1]!.table)).map((r) => r[0])).toEqual([1, 2]);
  });

  it("reads every rank of a 64-rank job's one JSON-lines log (a rank's file starts after the other ranks' blank lines)", async () => {
    const lines: string[] = [];
    for (let step = 1; step <= 5; step++)
      for (let rank = 0; rank < 64; rank++) lines.push(JSON.stringify({ rank, step, loss: 2 / step + rank / 1e3 }));
    const tables = await openRankTables(file('job64.jsonl', `${lines.join('\n')}\n`));
    expect(tables!.ranks.map((r) => r.rank)).toEqual(Array.from({ length: 64 }, (_, r) => String(r)));
    for (const { rank, table } of tables!.ranks) {
      // rank 50 and on once read as a CSV: its first 50 lines are all blank.
      expect(
        (await rows(table)).map((r) => r[0]),
        `rank ${rank}`,
      ).toEqual([1, 2, 3, 4, 5]);
      expect(table.warnings).toEqual([]);
    }
  });

  it('is null for a file with no rank column, and for one whose rank column holds one rank', async () => {
    expect(await splitRanks(file('plain.csv', 'step,loss\n1,2\n2,3\n'))).toBeNull();
    expect(await splitRanks(file('one.csv', 'step,rank,loss\n1,3,2\n2,3,3\n'))).toBeNull();
    expect(
      await splitRanks(file('one.jsonl', '{"step":1,"rank":2,"loss":1}\n{"step":2,"rank":2,"loss":1}\n')),
    ).toBeNull();
    expect(await splitRanks(join(dir, 'missing.csv'))).toBeNull();
  });
});

describe('rankCell', () => {
  it('reads whole numbers, as written by an integer or a float column, and nothing else', () => {
    expect(['3', ' 12 ', '3.0', '0', 4].map(rankCell)).toEqual(['3', '12', '3', '0', '4']);
    expect(['', 'nan', '-1', '2.5', 'r1', 1.5, -2, null].map(rankCell)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('a column of more values than ranks', () => {
  it('is not split: the file is read as it is', async () => {
    const rows = Array.from({ length: 1100 }, (_, i) => `${i + 1},${i},${2 - i / 1e4}`);
    expect(await splitRanks(file('ranking.csv', `step,rank,loss\n${rows.join('\n')}\n`))).toBeNull();
  });
});
