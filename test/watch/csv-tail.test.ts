import { appendFileSync, mkdtempSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CellKind } from '../../src/ingest/csv/cell.js';
import { openCsvTable } from '../../src/ingest/csv/table.js';
import { CsvTail } from '../../src/watch/tail/csv-tail.js';
import type { LiveRowListener } from '../../src/watch/tail/live-rows.js';

/** Everything a tail hands on, as plain data. */
class Recorder implements LiveRowListener {
  columns: string[] = [];
  stepColumn: string | null = null;
  rows: { step: number; cells: Record<string, number | 'nan'> }[] = [];
  restarts: string[] = [];
  layouts = 0;

  layout(columns: readonly string[], stepColumn: string | null): void {
    this.columns = [...columns];
    this.stepColumn = stepColumn;
    this.layouts++;
  }

  row(step: number, values: Float64Array, kinds: Uint8Array): void {
    const cells: Record<string, number | 'nan'> = {};
    this.columns.forEach((c, i) => {
      if (kinds[i] === CellKind.NanToken) cells[c] = 'nan';
      else if (kinds[i] !== CellKind.Missing) cells[c] = values[i]!;
    });
    this.rows.push({ step, cells });
  }

  restarted(why: 'truncated' | 'replaced'): void {
    this.restarts.push(why);
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tmg-tail-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const real = (name: string) => readFileSync(join('fixtures/real', name));

describe('CsvTail', () => {
  it('waits for a file that does not exist yet, then reads it', async () => {
    const path = join(dir, 'm.csv');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    expect(await tail.poll()).toBe(false);
    writeFileSync(path, 'step,loss\n1,2.5\n');
    expect(await tail.poll()).toBe(true);
    expect(rec.rows).toEqual([{ step: 1, cells: { loss: 2.5 } }]);
    expect(rec.stepColumn).toBe('step');
  });

  it('never reads a line before its line feed, and reads only the appended bytes', async () => {
    const path = join(dir, 'm.csv');
    writeFileSync(path, 'step,loss,lr\n1,2.5,0.1\n2,2.');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    expect(rec.rows.map((r) => r.step)).toEqual([1]);
    appendFileSync(path, '25,0.1\n3,nan');
    await tail.poll();
    expect(rec.rows).toEqual([
      { step: 1, cells: { loss: 2.5, lr: 0.1 } },
      { step: 2, cells: { loss: 2.25, lr: 0.1 } },
    ]);
    appendFileSync(path, ',0.1\n');
    await tail.poll();
    expect(rec.rows[2]).toEqual({ step: 3, cells: { loss: 'nan', lr: 0.1 } });
    expect(tail.bytesRead).toBe(readFileSync(path).length);
    // Nothing new: no row is read twice.
    expect(await tail.poll()).toBe(false);
    expect(rec.rows).toHaveLength(3);
  });

  it('reads a real file written in arbitrary pieces exactly as written whole (CRLF, sparse Lightning rows)', async () => {
    for (const name of [
      'lightning_csvlogger_metrics_corn_mlp_cement_test_rows.csv',
      'lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv',
      'megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv',
      'algoperf_measurements_global_step_accumulated_criteo1tb.csv',
    ]) {
      const bytes = real(name);
      const whole = new Recorder();
      writeFileSync(join(dir, 'whole.csv'), bytes);
      await new CsvTail(join(dir, 'whole.csv'), whole).poll();
      const pieces = new Recorder();
      const path = join(dir, 'pieces.csv');
      writeFileSync(path, '');
      const tail = new CsvTail(path, pieces);
      let seed = 7;
      for (let at = 0; at < bytes.length; ) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        const n = 1 + (seed % 97);
        appendFileSync(path, bytes.subarray(at, at + n));
        at += n;
        await tail.poll();
      }
      expect(pieces.rows, name).toEqual(whole.rows);
      expect(pieces.restarts).toEqual([]);
      // The same columns and step column as the file reader finds, and one row per line.
      const table = await openCsvTable(join(dir, 'whole.csv'));
      expect(whole.columns, name).toEqual(table.columns);
      expect(whole.stepColumn).toBe(table.stepColumn);
      const dataLines = bytes
        .toString('utf8')
        .split('\n')
        .slice(1)
        .filter((l) => l.trim()).length;
      expect(whole.rows.length, name).toBe(dataLines);
    }
  });

  it('reads a truncated file again from its start', async () => {
    const path = join(dir, 'm.csv');
    writeFileSync(path, 'step,loss\n1,3\n2,2.9\n3,2.8\n');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    writeFileSync(path, 'step,loss\n1,3.1\n');
    await tail.poll();
    expect(rec.restarts).toEqual(['truncated']);
    expect(rec.rows.at(-1)).toEqual({ step: 1, cells: { loss: 3.1 } });
  });

  it('reads a replaced file (another inode) again from its start', async () => {
    const path = join(dir, 'm.csv');
    writeFileSync(path, 'step,loss\n1,3\n');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    writeFileSync(join(dir, 'new.csv'), 'step,loss\n1,3\n2,2.5\n3,2.4\n');
    renameSync(join(dir, 'new.csv'), path);
    await tail.poll();
    expect(rec.restarts).toEqual(['replaced']);
    expect(rec.rows.map((r) => r.step)).toEqual([1, 1, 2, 3]);
  });

  it('a logger that rewrites its file with a wider header: the new columns are read (same size or larger)', async () => {
    // Lightning's CSVLogger rewrites metrics.csv with a new header when a key appears.
    const path = join(dir, 'metrics.csv');
    writeFileSync(path, 'train_loss,epoch,step\n5.6,0,9\n4.8,0,19\n');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    writeFileSync(path, 'train_loss,epoch,step,val_loss\n5.6,0,9,\n4.8,0,19,\n,0,19,4.7\n4.5,0,29,\n');
    await tail.poll();
    expect(rec.restarts).toEqual(['truncated']);
    expect(rec.columns).toEqual(['train_loss', 'epoch', 'val_loss']);
    expect(rec.rows.at(-2)).toEqual({ step: 19, cells: { epoch: 0, val_loss: 4.7 } });
  });

  it('a rewrite under the same inode to the same size is noticed; a file not written since is not read again', async () => {
    const path = join(dir, 'metrics.csv');
    writeFileSync(path, 'step,loss\n1,3.0\n');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    expect(await tail.poll()).toBe(false);
    writeFileSync(path, 'step,lossy\n1,3\n');
    // A later modification time, as any write gives where timestamps are finer than the two writes' gap.
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    await tail.poll();
    expect(rec.restarts).toEqual(['truncated']);
    expect(rec.columns).toEqual(['lossy']);
    expect(rec.rows.at(-1)).toEqual({ step: 1, cells: { lossy: 3 } });
    expect(await tail.poll()).toBe(false);
    expect(rec.restarts).toEqual(['truncated']);
  });

  it('a header appended mid-file with more columns becomes the layout from its line on', async () => {
    const path = join(dir, 'm.csv');
    writeFileSync(path, 'step,loss\n1,3\n2,2.9\n');
    const rec = new Recorder();
    const tail = new CsvTail(path, rec);
    await tail.poll();
    appendFileSync(path, 'step,loss\n3,2.8\nstep,loss,tokens_per_second\n4,2.7,1000\n');
    await tail.poll();
    expect(rec.restarts).toEqual([]);
    expect(rec.layouts).toBe(2);
    expect(rec.rows.map((r) => r.step)).toEqual([1, 2, 3, 4]);
    expect(rec.rows.at(-1)).toEqual({ step: 4, cells: { loss: 2.7, tokens_per_second: 1000 } });
  });

  it('reads quoted lines through csv-parse with the same cell grammar', async () => {
    const path = join(dir, 'm.csv');
    writeFileSync(path, 'step,loss,note\n1,2.5,"a, b"\n"2",2.4,x\n');
    const rec = new Recorder();
    await new CsvTail(path, rec).poll();
    expect(rec.rows).toEqual([
      { step: 1, cells: { loss: 2.5 } },
      { step: 2, cells: { loss: 2.4 } },
    ]);
  });
});
