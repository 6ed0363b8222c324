import { describe, expect, it } from 'vitest';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';

const REAL = 'fixtures/real';

describe("OpenMMLab's logs, with training and validation kept apart", () => {
  it("mmdetection's log.json: training at its iteration over the run, validation at its epoch's end", async () => {
    const table = await openTable(`${REAL}/mmdet_log_json_fcos_12_val_epochs_env_info_first_line.json`);
    const t = await collectTable(table);
    expect(table.warnings[0]).toMatch(/^an mmdetection log: .*\(12 epochs\)/);
    // Each epoch is 938 iterations (its validation line's iter); the first validation ends epoch 1.
    const mapAt = t.steps.filter((_, i) => Number.isFinite(t.values.bbox_mAP![i]!));
    expect(mapAt).toEqual(Array.from({ length: 12 }, (_, k) => 938 * (k + 1)));
    expect(t.steps.slice(0, 3)).toEqual([50, 100, 150]);
    // Epoch 2's first training line (iter 50) comes after epoch 1's 938 iterations.
    const epoch2 = t.steps.find((_, i) => t.values.epoch![i] === 2);
    expect(epoch2).toBe(938 + 50);
    // The validation line's lr is its bookkeeping, not a second learning-rate point at the epoch's end.
    expect(t.values.lr![t.steps.indexOf(938)]).toBeNaN();
  });

  it("mmengine's scalars.json: a validation step that is an epoch goes to that epoch's last iteration, its times apart", async () => {
    const table = await openTable(`${REAL}/mmengine_scalars_json_detection_example_bbox_mAP_duplicate_val_row.json`);
    const t = await collectTable(table);
    expect(table.columns).toContain('val/time');
    const at = (name: string) => t.steps.filter((_, i) => Number.isFinite(t.values[name]![i]!));
    // bbox_mAP sits on training steps only, never on step 1, 2, 3 (the epochs).
    expect(at('bbox_mAP').every((s) => at('loss').includes(s))).toBe(true);
    expect(at('bbox_mAP')[0]).toBeGreaterThan(3);
    expect(at('time').length).toBe(at('loss').length);
  });
});
