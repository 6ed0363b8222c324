import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../bench/random.js';
import { InputError, type Table } from '../../model.js';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';
import { openCsvTable } from './table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-csv-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let counter = 0;
async function file(content: string | Buffer, name = `t${counter++}.csv`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function read(content: string | Buffer, options: { stepBuffer?: number } = {}) {
  const table = await openTable(await file(content), options);
  const data = await collectTable(table);
  return { table, ...data };
}

/** The InputError that opening or draining `path` ends in. */
async function failure(path: string): Promise<InputError> {
  try {
    const table = await openTable(path);
    await collectTable(table);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const err = e as InputError;
    expect(err.message).not.toContain('\n');
    expect(err.message.startsWith(`${path}`)).toBe(true);
    return err;
  }
  throw new Error(`no error for ${path}`);
}

describe('openTable on CSV: shapes real loggers write', () => {
  it('keeps header names as written (dots, spaces, [unit] suffixes) and finds the step column', async () => {
    const r = await read('step,train.lm_loss,lm loss,memory.used [MiB]\n1,2.5,2.4,100\n2,2.25,2.2,101\n');
    expect(r.table.columns).toEqual(['train.lm_loss', 'lm loss', 'memory.used [MiB]']);
    expect(r.table.stepColumn).toBe('step');
    expect(r.steps).toEqual([1, 2]);
    expect(r.values['memory.used [MiB]']).toEqual([100, 101]);
  });

  it('reads CRLF line ends, a BOM, quoted fields, blank lines and spaces after commas', async () => {
    const r = await read('\uFEFF"step","loss, smoothed",MFU\r\n1, "2.5",0.41\r\n\r\n2,"2.25", 0.42\r\n3,2,0.43\r\n');
    expect(r.table.columns).toEqual(['loss, smoothed', 'MFU']);
    expect(r.steps).toEqual([1, 2, 3]);
    expect(r.values['loss, smoothed']).toEqual([2.5, 2.25, 2]);
    expect(r.values.MFU).toEqual([0.41, 0.42, 0.43]);
    expect(r.table.warnings).toEqual([]);
  });

  it("reads Lightning CSVLogger's sparse rows: alphabetical columns, step not first, train and val rows of one step merged", async () => {
    const csv = [
      'epoch,lr-AdamW,step,train_loss,val_loss',
      '0,0.001,0,,',
      '0,,9,2.31,',
      '0,,19,2.12,',
      '0,,19,,2.2',
      '1,,29,1.98,',
      '1,,39,1.9,',
      '1,,39,,2.05',
    ].join('\n');
    const r = await read(`${csv}\n`);
    expect(r.table.stepColumn).toBe('step');
    expect(r.table.columns).toEqual(['epoch', 'lr-AdamW', 'train_loss', 'val_loss']);
    expect(r.steps).toEqual([0, 9, 19, 29, 39]);
    expect(r.values.train_loss).toEqual([NaN, 2.31, 2.12, 1.98, 1.9]);
    expect(r.values.val_loss).toEqual([NaN, NaN, 2.2, NaN, 2.05]);
    expect(r.nanTokens).toEqual({});
    expect(r.table.warnings).toEqual([]);
  });

  it('says when one rank logged a step twice with different values, naming the first (metric, step, both, file)', async () => {
    const csv = ['step,loss,step_time', '1,2.5,1.0', '2,2.4,1.0', '2,2.4,3.0', '3,2.3,1.1', '3,2.2,1.1', ''].join('\n');
    for (const quoted of [false, true]) {
      // Both row readers: the byte scanner, and csv-parse once a line has a quote.
      const path = await file(quoted ? csv.replace('1,2.5,1.0', '"1",2.5,1.0') : csv);
      const table = await openTable(path);
      const data = await collectTable(table);
      expect(data.steps).toEqual([1, 2, 3]);
      expect(data.values.step_time).toEqual([1, 3, 1.1]);
      expect(table.warnings).toEqual([
        `${path}: line 4: step 2 logged twice with different values, "step_time" 1 then 3 (the later kept); 2 such cells in all`,
      ]);
    }
  });

  it('finds a Python traceback the training wrote into the file after its rows, with either row reader', async () => {
    const rows = `step,loss\n${Array.from({ length: 20 }, (_, i) => `${i + 1},${(2.5 - i / 100).toFixed(2)}`).join('\n')}\n`;
    const traceback =
      'Traceback (most recent call last):\n  File "train.py", line 10, in <module>\nRuntimeError: CUDA error\n';
    for (const text of [rows + traceback, rows.replace('1,2.5', '"1",2.5') + traceback]) {
      const path = await file(text);
      const table = await openTable(path);
      expect((await collectTable(table)).steps).toHaveLength(20);
      expect(table.crash).toEqual({ at: `${path}:22` });
      expect(table.warnings).toContain(
        'line 22: a Python traceback: the training crashed and wrote its error into this file (the rows before it are read)',
      );
    }
    const clean = await openTable(await file(rows));
    await collectTable(clean);
    expect(clean.crash).toEqual({ at: null });
  });

  it('lists explicit nan tokens, reads infinities, and treats N/A and [N/A] as simply missing', async () => {
    const r = await read('step,loss,grad_norm,power\n1,nan,inf,[N/A]\n2,NaN,-inf,N/A\n3,1.5,2,300\n');
    expect(r.values.loss).toEqual([NaN, NaN, 1.5]);
    expect(r.values.grad_norm).toEqual([Infinity, -Infinity, 2]);
    expect(r.values.power).toEqual([NaN, NaN, 300]);
    expect(r.nanTokens).toEqual({ loss: [0, 1] });
  });

  it.each(['iteration', 'iter', 'global_step', '_step', 'steps', 'trainer/global_step', 'Step', 'step [#]'])(
    'finds the step column by the name %j',
    async (name) => {
      const r = await read(`loss,${name}\n3,10\n2,20\n1,30\n`);
      expect(r.table.stepColumn).toBe(name);
      expect(r.steps).toEqual([10, 20, 30]);
      expect(r.table.columns).toEqual(['loss']);
    },
  );

  it("prefers the trainer's step over W&B's _step counter", async () => {
    const r = await read('_step,loss,trainer/global_step\n0,3,100\n1,2,200\n');
    expect(r.table.stepColumn).toBe('trainer/global_step');
    expect(r.table.columns).toEqual(['_step', 'loss']);
    expect(r.steps).toEqual([100, 200]);
  });

  it('numbers rows by position when no column is a step', async () => {
    const r = await read('loss,MFU\n3,0.4\n2,0.41\n1,0.42\n');
    expect(r.table.stepColumn).toBeNull();
    expect(r.steps).toEqual([0, 1, 2]);
    expect(r.values.loss).toEqual([3, 2, 1]);
  });

  it('resolves a restart in the stream: the later attempt replaces the steps it logs again', async () => {
    const r = await read('step,loss\n1,5\n2,4\n3,3\n4,2\n2,40\n3,30\n4,20\n5,10\n');
    expect(r.steps).toEqual([1, 2, 3, 4, 5]);
    expect(r.values.loss).toEqual([5, 40, 30, 20, 10]);
    expect(r.table.warnings.join('\n')).toMatch(/1 restart .*line 6: step 2 after 4.*3 earlier rows replaced/);
  });

  it('beyond the restart buffer, keeps step order and says which occurrence was kept', async () => {
    // Blocks of 4: when the job resumes at step 3, steps 1–12 are already out of reach, 13–20 are held.
    const first = Array.from({ length: 20 }, (_, i) => `${i + 1},${i + 1}`);
    const second = Array.from({ length: 23 }, (_, i) => `${i + 3},${(i + 3) * 100}`);
    const r = await read(`step,loss\n${first.join('\n')}\n${second.join('\n')}\n`, { stepBuffer: 4 });
    expect(r.steps).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(r.values.loss).toEqual(Array.from({ length: 25 }, (_, i) => (i < 12 ? i + 1 : (i + 1) * 100)));
    expect(r.table.warnings.join('\n')).toMatch(
      /reached back past the 4 rows held for restarts.*keep their first occurrence/,
    );
  });

  it('keeps the complete rows of a file still being written and flags the cut last line', async () => {
    const r = await read('step,loss,MFU\n1,2.5,0.4\n2,2.4,0.41\n3,2.3');
    expect(r.steps).toEqual([1, 2]);
    expect(r.table.truncated.value).toBe(true);
    expect(r.table.warnings.join('\n')).toMatch(/line 4: last line is incomplete.*2 complete rows kept/);
  });

  it('keeps a complete last row that merely lacks the final line break', async () => {
    const r = await read('step,loss,MFU\r\n1,2.5,0.4\r\n2,2.4,0.41');
    expect(r.steps).toEqual([1, 2]);
    expect(r.values.MFU).toEqual([0.4, 0.41]);
    expect(r.table.truncated.value).toBe(false);
  });

  it('leaves text columns (timestamps, status, config strings with /) out with a warning, never crashing', async () => {
    const r = await read(
      'timestamp,config,step,loss,status\n2026-08-24T13:08:50Z,agpt-2b/bs1/seq2048,1,2.5,pass\n2026-08-24T13:09:50Z,agpt-2b/bs2,2,2.4,fail\n',
    );
    expect(r.table.columns).toEqual(['loss']);
    expect(r.table.warnings).toContain('text columns left out: "timestamp", "config", "status"');
  });

  it('reads a stray word in a numeric column as missing and names the column and line', async () => {
    const r = await read('step,loss\n1,2.5\n2,oops\n3,2.3\n4,2.2\n');
    expect(r.values.loss).toEqual([2.5, NaN, 2.3, 2.2]);
    expect(r.table.warnings.join('\n')).toMatch(
      /column "loss": 1 cell not a number, read as missing \(first at line 3: "oops"\)/,
    );
  });

  it('warns about one all-NaN column among good ones, naming it', async () => {
    const r = await read('step,loss,broken\n1,2.5,nan\n2,2.4,\n');
    expect(r.table.warnings).toContain('column with no finite value: "broken"');
  });

  it('streams many rows in bounded batches of the step buffer size', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `${i},${(i * 0.5).toFixed(1)}`);
    const r = await read(`step,loss\n${rows.join('\n')}\n`, { stepBuffer: 1000 });
    expect(r.batchSizes).toEqual([1000, 1000, 500]);
    expect(r.steps[2499]).toBe(2499);
    expect(r.values.loss![2499]).toBe(1249.5);
  });
});

describe('openTable on CSV: bad input is one InputError naming file, line and problem', () => {
  it('missing file', async () => {
    expect((await failure(join(dir, 'nope.csv'))).message).toMatch(/nope\.csv: file not found$/);
  });
  it('a directory', async () => {
    expect((await failure(dir)).detail).toMatch(/is a directory/);
  });
  it('empty file', async () => {
    expect((await failure(await file(''))).detail).toBe('empty file');
  });
  it('only blank lines', async () => {
    expect((await failure(await file('\n\r\n  \n'))).detail).toMatch(/empty file/);
  });
  it('binary file', async () => {
    const err = await failure(await file(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00, 0xff, 0xfe])));
    expect(err.detail).toMatch(/binary file/);
  });
  it('UTF-16 text (Excel "Unicode Text")', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('step,loss\r\n1,2\r\n', 'utf16le')]);
    expect((await failure(await file(utf16))).detail).toMatch(/UTF-16/);
  });
  it('gzip-compressed file', async () => {
    expect((await failure(await file(Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00])))).detail).toMatch(/gzip/);
  });
  it('header-only file', async () => {
    const err = await failure(await file('step,loss,MFU\n'));
    expect(err.line).toBe(1);
    expect(err.detail).toMatch(/header only/);
  });
  it('header-only file without a line break', async () => {
    expect((await failure(await file('step,loss,MFU'))).detail).toMatch(/header only/);
  });
  it('unterminated quote', async () => {
    const err = await failure(await file('step,loss\n1,2\n2,"3\n3,4\n'));
    expect(err.detail).toMatch(/unterminated quote/);
    expect(err.line).toBeGreaterThanOrEqual(3);
  });
  it('unterminated quote far into a large file (found while streaming)', async () => {
    const rows = Array.from({ length: 200_000 }, (_, i) => `${i},${i % 97}`).join('\n');
    const err = await failure(await file(`step,loss\n${rows}\n200000,"5\n`));
    expect(err.detail).toMatch(/unterminated quote/);
    expect(err.line).toBe(200_002);
  });
  it('one giant line with no line break', async () => {
    const err = await failure(await file(Buffer.alloc(9 << 20, 0x31)));
    expect(err.detail).toMatch(/no line break in 8 MiB/);
  });
  it('duplicate column names', async () => {
    const err = await failure(await file('step,loss,MFU,loss\n1,2,3,4\n'));
    expect(err.line).toBe(1);
    expect(err.detail).toBe('duplicate column name "loss" (columns 2 and 4)');
  });
  it('all-NaN data', async () => {
    const err = await failure(await file('step,loss,MFU\n1,nan,\n2,NaN,N/A\n'));
    expect(err.detail).toMatch(/no metric column has a finite value/);
  });
  it('text only', async () => {
    expect((await failure(await file('name,status\na,ok\nb,fail\n'))).detail).toMatch(/no numeric metric column/);
  });
  it('a step column holding text', async () => {
    expect((await failure(await file('step,loss\nfirst,1\nsecond,2\n'))).detail).toMatch(
      /step column "step" does not hold numbers/,
    );
  });
});

describe('the byte scanner and csv-parse agree', () => {
  /** The default path (the byte scanner, csv-parse from the first quote on) and csv-parse on every line. */
  async function both(path: string, stepBuffer?: number): Promise<[Table, Table, unknown, unknown]> {
    const fast = await openCsvTable(path, { stepBuffer });
    const slow = await openCsvTable(path, { stepBuffer, parser: 'csv-parse' });
    return [fast, slow, await collectTable(fast), await collectTable(slow)];
  }

  it('on a file full of awkward cells', async () => {
    const path = await file(
      [
        'epoch, step ,loss,memory.used [MiB],lr,note',
        '0,1, 2.5 ,100,1e-05,warm',
        '',
        '0,2,nan,[N/A],1.5E-05,x',
        '0,2,,101,,x',
        '0,3,inf,102,-0.0,y',
        '0,1,9,9,9,restart',
        '0,2,8,8,8,z',
        '0,3,12345678901234567890,1.7976931348623157e308,0.1234567890123456789,w',
        '0,4,oops,,,',
        '0,5,1,2,3,4,5,6',
        '0,6,1',
        '0,7,1.5,2',
      ].join('\r\n'),
    );
    const [fast, slow, a, b] = await both(path, 2);
    expect(a).toEqual(b);
    expect(fast.warnings).toEqual(slow.warnings);
    expect(fast.truncated.value).toBe(true);
    expect(slow.truncated.value).toBe(true);
  });

  it('across read chunks, switching to csv-parse at the first quote after 2 MiB', async () => {
    const rows = Array.from({ length: 150_000 }, (_, i) => `${i},${(Math.sin(i) * 3).toPrecision(12)},${i * 7}`);
    rows.push('150000,"1.5",3', '150001,2,"4"');
    const path = await file(`step,loss,tokens\n${rows.join('\n')}\n`);
    const [, , a, b] = await both(path);
    expect(a).toEqual(b);
    expect((a as { steps: number[] }).steps).toHaveLength(150_002);
  });

  it('on a tab-separated file with empty cells and padded numbers (a tab ends a field, it does not pad one)', async () => {
    const path = await file('step\tloss\tMFU\n1\t5\t0.41\n2\t\t0.42\n3\t 7 \t\n');
    const [, , a, b] = await both(path);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ steps: [1, 2, 3], values: { loss: [5, NaN, 7], MFU: [0.41, 0.42, NaN] } });
  });

  it('on 100,000 random rows, plain ones around a stretch of awkward cells, restarts, merges and blank lines (seeded)', async () => {
    const r = mulberry32(17);
    const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!;
    const awkward = [
      '',
      '',
      'nan',
      'inf',
      '-inf',
      ' 5',
      '5 ',
      'N/A',
      '[N/A]',
      'oops',
      '1e400',
      '0.30000000000000004441',
      '-',
      '.5',
      '7.',
    ];
    const lines = ['step,loss,MFU,note,mem'];
    let step = 0;
    for (let i = 0; i < 100_000; i++) {
      // Rows 40,000–60,000 are awkward; the 1 MiB chunks before and after hold plain rows only.
      const awkwardStretch = i >= 40_000 && i < 60_000;
      const roll = r();
      if (awkwardStretch && roll < 0.002)
        step = Math.max(0, step - Math.floor(r() * 3000)); // a restart, sometimes past a block
      else if (!awkwardStretch || roll > 0.01) step++; // else the same step again: merged
      const plain = () => (r() < 0.5 ? String(Math.fround(2 + 8 * r())) : (0.4 + 0.05 * r()).toFixed(4));
      const cell = () => (awkwardStretch && r() < 0.03 ? pick(awkward) : plain());
      const fields = [String(step), cell(), cell(), pick(['warm', 'x', '']), cell()];
      if (awkwardStretch && r() < 0.005) fields.push('extra');
      if (awkwardStretch && r() < 0.005) fields.length = 2;
      lines.push(fields.join(','));
      if (r() < 0.002) lines.push('');
    }
    const path = await file(`${lines.join(r() < 0.5 ? '\n' : '\r\n')}\n`);
    const [fast, slow, a, b] = await both(path, 1000);
    expect(a).toEqual(b);
    expect(fast.warnings).toEqual(slow.warnings);
    expect(fast.warnings.join(' ')).toMatch(/restart/);
    expect(fast.warnings.join(' ')).toMatch(/more fields than the header/);
  });

  it('with a symlinked file', async () => {
    const target = await file('step,loss\n1,2\n');
    const link = join(dir, 'link.csv');
    await symlink(target, link);
    const [, , a, b] = await both(link);
    expect(a).toEqual(b);
  });
});
