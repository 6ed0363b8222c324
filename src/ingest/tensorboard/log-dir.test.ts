import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { event, header } from '../../../test/helpers/tfevents.js';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tb-logdir-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A run folder as Keras's callback writes it: one event file, a value per tag per epoch. */
async function run(path: string, tags: Record<string, (epoch: number) => number>, epochs = 5) {
  await mkdir(path, { recursive: true });
  const events = [header()];
  for (let e = 0; e < epochs; e++)
    events.push(
      event(
        e,
        Object.entries(tags).map(([tag, f]) => ({ tag, simple_value: f(e) })),
      ),
    );
  await writeFile(join(path, `events.out.tfevents.${1700000000 + epochs}.host.1.v2`), Buffer.concat(events));
}

describe('TensorBoard log directories', () => {
  it("reads Keras's train/ and validation/ runs as one table, each tag prefixed with its run", async () => {
    const logs = join(dir, 'keras', 'logs');
    await run(join(logs, 'train'), { epoch_loss: (e) => 1 / (e + 1), epoch_accuracy: (e) => e / 10 });
    await run(join(logs, 'validation'), { epoch_loss: (e) => 2 / (e + 1) });
    const table = await openTable(logs);
    expect(table.columns).toEqual(['train/epoch_loss', 'train/epoch_accuracy', 'validation/epoch_loss']);
    const t = await collectTable(table);
    expect(t.steps).toEqual([0, 1, 2, 3, 4]);
    expect(t.values['validation/epoch_loss']).toEqual([2, 1, 2 / 3, 0.5, 0.4].map(Math.fround));
    expect(t.values['train/epoch_loss']![1]).toBe(0.5);
    // Given the folder above, the runs are named by their path from there, as TensorBoard names them.
    expect((await openTable(join(dir, 'keras'))).columns[0]).toBe('logs/train/epoch_loss');
  });

  it('merges splits logged at different steps by step (train every epoch, eval every other)', async () => {
    const logs = join(dir, 'od');
    await run(join(logs, 'train'), { loss: (e) => e });
    const evalDir = join(logs, 'eval');
    await mkdir(evalDir, { recursive: true });
    await writeFile(
      join(evalDir, 'events.out.tfevents.1.host'),
      Buffer.concat([
        header(),
        event(1, [{ tag: 'mAP', simple_value: 0.25 }]),
        event(3, [{ tag: 'mAP', simple_value: 0.5 }]),
      ]),
    );
    const t = await collectTable(await openTable(logs));
    expect(t.steps).toEqual([0, 1, 2, 3, 4]);
    expect(t.values['eval/mAP']).toEqual([Number.NaN, 0.25, Number.NaN, 0.5, Number.NaN]);
    expect(t.values['train/loss']).toEqual([0, 1, 2, 3, 4]);
  });

  it('a log directory of one run is that run', async () => {
    const logs = join(dir, 'one', 'logs');
    await run(join(logs, 'train'), { epoch_loss: (e) => e + 1 });
    const table = await openTable(join(dir, 'one'));
    expect(table.columns).toEqual(['epoch_loss']);
  });

  it("refuses a log directory of other jobs (Lightning's version_0, version_1), saying how to pass one", async () => {
    const real = 'fixtures/real/tensorboard_lightning_logdir_mnist_cnn_multi_event_files/lightning_logs';
    await expect(openTable(real)).rejects.toThrow(
      /is a TensorBoard log directory of 2 runs \(mnist_cnn\/version_0, mnist_cnn\/version_1\), not one job's: pass one run's folder, e.g. --csv .*lightning_logs\/mnist_cnn\/version_0/,
    );
    // One of them, its fit, validate and test files, reads.
    const t = await collectTable(await openTable(join(real, 'mnist_cnn', 'version_0')));
    expect(t.steps.length).toBeGreaterThan(1);
    // Splits that are not siblings are two jobs' too; so are more splits than a job has.
    const sweep = join(dir, 'sweep');
    await run(join(sweep, 'lr_1e-3', 'train'), { loss: (e) => e });
    await run(join(sweep, 'lr_1e-4', 'train'), { loss: (e) => e });
    await expect(openTable(sweep)).rejects.toThrow(/log directory of 2 runs \(lr_1e-3\/train, lr_1e-4\/train\)/);
  });
});
