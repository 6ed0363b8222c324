import { describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { openTable } from '../open-table.js';
import { wandbExportRuns } from './wandb-export.js';

describe('a Weights & Biases chart export', () => {
  it('is told by its "<run> - <metric>" columns with __MIN/__MAX companions, and names its runs', () => {
    expect(
      wandbExportRuns(['Step', 'a - loss', 'a - loss__MIN', 'a - loss__MAX', 'b - loss', 'b - loss__MIN']),
    ).toEqual(['a', 'b']);
    // A column name with a dash in it is no export; nor are companions without a run.
    expect(wandbExportRuns(['step', 'train - loss', 'lr'])).toBeNull();
    expect(wandbExportRuns(['step', 'loss__MIN', 'loss__MAX', 'loss'])).toBeNull();
  });

  it('is refused at its header line, naming the runs and how to give one (a real export)', async () => {
    const err = await openTable('fixtures/real/wandb_export_chart_two_runs_train_loss_min_max_EXCERPT.csv').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(
      /EXCERPT\.csv:1: a Weights & Biases chart export of 2 runs \("Layer_2_CH_n_1_out_200_LC_learning_rate_0\.01_2nd_epoch_900000_RTD2", "Layer_2_CH.*one file a run$/,
    );
  });
});
