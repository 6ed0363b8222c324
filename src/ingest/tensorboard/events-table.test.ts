import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, eventBytes, floatTensor, record } from '../../../test/helpers/tfevents.js';
import { InputError } from '../../model.js';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tfevents-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('TensorBoard event files', () => {
  it('reads simple_value and tensor scalars as columns by tag, skipping other records', async () => {
    const file = join(dir, 'events.out.tfevents.1.host');
    const version = record(eventBytes({ wall_time: 1, step: 0 }));
    const rows = [1, 2, 3].map((s) =>
      event(s, [
        { tag: 'train/loss', simple_value: 3 - s / 10 },
        { tag: 'perf/mfu', tensor: floatTensor(0.4 + s / 100) },
        { tag: 'double', tensor: { dtype: 2, double_val: [s * 1.5] } },
        { tag: 'histogram', tensor: { dtype: 1, tensor_shape: { dim: [{ size: 3 }] }, float_val: [1, 2, 3] } },
      ]),
    );
    await writeFile(file, Buffer.concat([version, ...rows]));
    const table = await openTable(file);
    expect(table.columns).toEqual(['train/loss', 'perf/mfu', 'double']);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 2, 3]);
    expect(t.values['train/loss']).toEqual([2.9000000953674316, 2.799999952316284, 2.700000047683716]);
    expect(t.values['perf/mfu']![2]).toBeCloseTo(0.43, 6);
    expect(t.values.double).toEqual([1.5, 3, 4.5]);
  });

  it('merges a resumed run directory by tag and step, the later write winning where a step was written twice', async () => {
    const run = join(dir, 'resumed');
    await mkdir(run);
    const first = [1, 2, 3, 4, 5].map((s) => event(s, [{ tag: 'loss', simple_value: 10 + s }]));
    const second = [3, 4].map((s) => event(s, [{ tag: 'loss', simple_value: 20 + s }], 5000 + s));
    await writeFile(join(run, 'events.out.tfevents.100.host.1'), Buffer.concat(first));
    await writeFile(join(run, 'events.out.tfevents.200.host.2'), Buffer.concat(second));
    const table = await openTable(run);
    const t = await collectTable(table);
    // Step 5 only the first attempt wrote: kept, as TensorBoard shows it (only a SessionLog START purges).
    expect(t.steps).toEqual([1, 2, 3, 4, 5]);
    expect(t.values.loss).toEqual([11, 12, 23, 24, 15]);
    expect(table.warnings).toEqual([
      '2 points written again at their step with another value (a resumed job): the later write is kept',
    ]);
  });

  it('events out of step order within a file are each placed at their own step (read into memory)', async () => {
    const file = join(dir, 'events.out.tfevents.unordered');
    const late = [
      event(1, [{ tag: 'loss', simple_value: 1 }]),
      event(2, [{ tag: 'loss', simple_value: 2 }]),
      event(3, [{ tag: 'loss', simple_value: 3 }]),
      event(2, [{ tag: 'eval', simple_value: 0.5 }]),
    ];
    await writeFile(file, Buffer.concat(late));
    const t = await collectTable(await openTable(file));
    expect(t.steps).toEqual([1, 2, 3]);
    expect(t.values.loss).toEqual([1, 2, 3]);
    expect(t.values.eval).toEqual([Number.NaN, 0.5, Number.NaN]);
  });

  it('a cut last record is a warning and marks the table truncated; a bad data CRC skips one record', async () => {
    const file = join(dir, 'events.out.tfevents.cut');
    const good = [1, 2, 3].map((s) => event(s, [{ tag: 'loss', simple_value: s }]));
    const bad = Buffer.from(good[1]!);
    bad.writeUInt8(bad.readUInt8(bad.length - 1) ^ 0xff, bad.length - 1);
    await writeFile(file, Buffer.concat([good[0]!, bad, good[2]!, event(4, [{ tag: 'loss', simple_value: 4 }])]));
    await truncate(file, (await import('node:fs')).statSync(file).size - 7);
    const table = await openTable(file);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 3]);
    expect(table.truncated.value).toBe(true);
    expect(table.warnings.join('\n')).toMatch(/1 record failed their CRC32C/);
    expect(table.warnings.join('\n')).toMatch(/ends inside its last record/);
  });

  it('a NaN written by the trainer is an explicit NaN; a file that is not a TFRecord is named', async () => {
    const file = join(dir, 'events.out.tfevents.nan');
    await writeFile(
      file,
      Buffer.concat([
        event(1, [{ tag: 'loss', simple_value: 1 }]),
        event(2, [{ tag: 'loss', simple_value: Number.NaN }]),
      ]),
    );
    const t = await collectTable(await openTable(file));
    expect(t.nanTokens.loss).toEqual([1]);
    const broken = join(dir, 'events.out.tfevents.broken');
    await writeFile(
      broken,
      Buffer.concat([event(1, [{ tag: 'loss', simple_value: 1 }]), Buffer.from('garbage that is not a record at all')]),
    );
    const err = await openTable(broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/not a TFRecord at byte \d+: the record length fails its CRC32C/);
    const empty = join(dir, 'no-events');
    await mkdir(empty);
    await expect(openTable(empty)).rejects.toThrow(/is a directory, not a metrics file/);
  });
});
