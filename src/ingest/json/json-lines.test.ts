import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../model.js';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jsonl-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('JSON-lines per-step logs', () => {
  it('reads W&B history lines by _step, nested values left out, a cut last line a warning', async () => {
    const path = await file(
      'wandb-history.jsonl',
      '{"_step": 0, "loss": 2.5, "_runtime": 1.2, "media": {"type": "image"}}\n{"_step": 1, "loss": NaN, "_runtime": 2.4}\n{"_step": 2, "loss": 2.1, "_run',
    );
    const table = await openTable(path);
    expect(table.stepColumn).toBe('_step');
    const t = await collectTable(table);
    expect(t.steps).toEqual([0, 1]);
    expect(t.nanTokens.loss).toEqual([1]);
    expect(table.truncated.value).toBe(true);
    expect(table.warnings.join('\n')).toMatch(/line 3 is cut off \(the file ends inside it\) and is left out/);
    expect(table.warnings.join('\n')).toMatch(/1 nested value \(objects or lists, such as logged media\) left out/);
  });

  it('says so when a restarted job wrote its steps again (detectron2 appends to metrics.json): the later attempt is kept', async () => {
    const table = await openTable(
      'fixtures/real/jsonl_per_step_detectron2_metrics_mask_rcnn_three_runs_appended_restart_from_step_19.json',
    );
    const t = await collectTable(table);
    expect(t.steps[0]).toBe(19);
    expect(t.steps.at(-1)).toBe(999);
    expect(table.warnings.join('\n')).toMatch(
      /^\d+ points written again at their step with another value \(a resumed job\): the later write is kept$/m,
    );
    // The last attempt's first row, not the first attempt's (2.120).
    expect(t.values.total_loss![0]).toBeCloseTo(2.702, 3);
  });

  it('a broken line before the last is an error naming it; lines without a step key are a manifest', async () => {
    const broken = await file('broken.jsonl', '{"step": 1, "loss": 2}\n{"step": 2, loss: 3}\n{"step": 3, "loss": 1}\n');
    const err = await openTable(broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).message).toMatch(/broken\.jsonl:2: invalid JSON on this line/);
    const manifest = await file('runs.jsonl', '{"name": "a", "metrics": "a.csv"}\n{"name": "b", "metrics": "b.csv"}\n');
    await expect(openTable(manifest)).rejects.toThrow(/JSON lines without a step key .* given with --metadata/);
  });
});
