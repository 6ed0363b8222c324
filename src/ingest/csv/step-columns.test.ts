/** Step columns under the names real loggers use, and the fallbacks when a file has none. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';
import { findStepColumn } from './header.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-steps-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function read(name: string, content: string) {
  const path = join(dir, name);
  await writeFile(path, content);
  const table = await openTable(path);
  return { table, ...(await collectTable(table)) };
}

describe('findStepColumn', () => {
  it.each([
    [['loss', 'trainer/global_step'], 1, 'step'],
    [['_step', 'loss', 'trainer/global_step'], 2, 'step'],
    [['_step', 'loss'], 0, 'step'],
    [['Global_Step', 'loss'], 0, 'step'],
    [['loss', 'iteration [#]'], 1, 'step'],
    [['iter', 'loss'], 0, 'step'],
    [['consumed_samples', 'loss', 'epoch'], 0, 'samples'],
    [['loss', 'samples_count'], 1, 'samples'],
    [['epoch', 'loss'], 0, 'epoch'],
    [['step', 'epoch', 'consumed_samples'], 0, 'step'],
    [['loss', 'acc'], -1, 'step'],
  ])('%j → column %d (%s)', (names, index, kind) => {
    expect(findStepColumn(names)).toEqual({ index, kind });
  });
});

describe('step fallbacks are noted', () => {
  it('W&B export: trainer/global_step wins over _step', async () => {
    const t = await read('wandb.csv', '_step,train/loss,trainer/global_step\n0,2.5,10\n1,2.4,20\n2,2.3,30\n');
    expect(t.table.stepColumn).toBe('trainer/global_step');
    expect(t.steps).toEqual([10, 20, 30]);
    expect(t.table.columns).toEqual(['_step', 'train/loss']);
    expect(t.table.warnings).toEqual([]);
  });

  it('consumed_samples steps the rows when there is no step column, with a note', async () => {
    const t = await read('samples.csv', 'consumed_samples,lm loss\n512,9.1\n1024,8.7\n1536,8.2\n');
    expect(t.table.stepColumn).toBe('consumed_samples');
    expect(t.steps).toEqual([512, 1024, 1536]);
    expect(t.table.warnings).toEqual([
      'no step column: rows are stepped by "consumed_samples", a count of samples, not of optimiser steps',
    ]);
  });

  it("Keras' CSVLogger (real): epoch steps the rows, with a note", async () => {
    const table = await openTable(
      join(import.meta.dirname, '../../../fixtures/real/keras_csvlogger_fer2013_emotion_training.log'),
    );
    expect(table.stepColumn).toBe('epoch');
    expect(table.columns).toEqual(['acc', 'loss', 'val_acc', 'val_loss']);
    const t = await collectTable(table);
    expect(t.steps).toEqual(Array.from({ length: 189 }, (_, i) => i));
    expect(table.warnings).toEqual(['no step column: rows are stepped by "epoch", one row per epoch']);
  });

  it('an epoch column with several rows per epoch is a metric; rows are numbered by position', async () => {
    const t = await read('per-batch.csv', 'epoch,loss\n0,2.5\n0,2.4\n1,2.3\n1,2.2\n');
    expect(t.table.stepColumn).toBeNull();
    expect(t.steps).toEqual([0, 1, 2, 3]);
    expect(t.values.epoch).toEqual([0, 0, 1, 1]);
    expect(t.table.warnings).toEqual([
      'no step column (step, global_step, iteration, total_timesteps, epoch, …): rows are numbered 0, 1, 2, … in file order',
    ]);
  });

  it("takes an RL logger's environment steps as the step: SB3's time/total_timesteps, Spinning Up's TotalEnvInteracts", async () => {
    const sb3 = await read(
      'progress.csv',
      'time/iterations,rollout/ep_rew_mean,time/fps,time/total_timesteps\n1,-20.2,2848,2048\n2,-19.1,1704,4096\n',
    );
    expect(sb3.table.stepColumn).toBe('time/total_timesteps');
    expect(sb3.steps).toEqual([2048, 4096]);
    const spinup = await read(
      'progress.txt',
      'Epoch\tAverageEpRet\tTotalEnvInteracts\tLossQ\n1\t-273.0\t5000\t2.5\n2\t-292.5\t10000\t17.2\n',
    );
    expect(spinup.table.stepColumn).toBe('TotalEnvInteracts');
    expect(spinup.steps).toEqual([5000, 10000]);
  });
});
