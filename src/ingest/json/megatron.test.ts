import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectTable } from '../collect.js';
import { openTable } from '../open-table.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'golden-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function golden(name: string, text: string) {
  const file = join(dir, name);
  await writeFile(file, text);
  return openTable(file);
}

describe('Megatron golden values', () => {
  it('a run resumed half-way, "nan" for every step before it, starts at its first logged step, with a warning', async () => {
    const values = (v: (s: number) => string) => Object.fromEntries([1, 2, 3, 4, 5, 6].map((s) => [String(s), v(s)]));
    const text = JSON.stringify({
      'lm loss': {
        start_step: 1,
        end_step: 6,
        step_interval: 1,
        values: values((s) => (s < 4 ? 'nan' : String(10 - s))),
      },
      'num-zeros': { start_step: 1, end_step: 6, step_interval: 1, values: values((s) => (s < 4 ? 'nan' : '3')) },
    });
    const table = await golden('resumed.json', text);
    const t = await collectTable(table);
    expect(t.steps).toEqual([4, 5, 6]);
    expect(t.values['lm loss']).toEqual([6, 5, 4]);
    expect(t.nanTokens['lm loss'] ?? []).toEqual([]);
    expect(table.warnings).toContain(
      `3 leading steps (steps 1–3) hold only "nan": Megatron's golden values pad the steps before a resumed run's first logged step this way; not counted as steps, the run starts at step 4`,
    );
  });

  it('a NaN between finite values is still a NaN', async () => {
    const text = JSON.stringify({ 'lm loss': { values: { 1: 3, 2: 'nan', 3: 2.5 } } });
    const t = await collectTable(await golden('mid.json', text));
    expect(t.steps).toEqual([1, 2, 3]);
    expect(t.nanTokens['lm loss']).toEqual([1]);
  });

  it('refuses a start_step, an interval or a last step a double cannot count in, naming the metric', async () => {
    for (const [series, what] of [
      [{ start_step: 1e300, step_interval: 1, values: [1, 2] }, 'start_step 1e+300'],
      [{ start_step: 0, step_interval: 0.5, values: [1, 2] }, 'step_interval 0.5'],
      [{ start_step: 2 ** 53 - 2, step_interval: 5, values: [1, 2] }, 'the last step'],
    ] as const) {
      await expect(golden('huge.json', JSON.stringify({ 'lm loss': series }))).rejects.toThrow(
        new RegExp(`metric "lm loss": ${what.replace(/[+()]/g, '\\$&')}.* is not a whole number within ±2\\^53`),
      );
    }
    await expect(golden('key.json', JSON.stringify({ loss: { values: { '1e300': 1 } } }))).rejects.toThrow(
      /metric "loss": step "1e300" is not a whole number within ±2\^53/,
    );
  });

  it('a metric given twice is said, naming both lines; the later is read', async () => {
    const text = '{\n"lm loss": {"values": {"1": 9, "2": 8}},\n"lm loss": {"values": {"1": 3, "2": 2}}\n}';
    const table = await golden('twice.json', text);
    const t = await collectTable(table);
    expect(t.values['lm loss']).toEqual([3, 2]);
    expect(table.warnings).toContain(
      'metric "lm loss" is given twice (lines 2 and 3): the later one is read, the first left out',
    );
  });
});

describe('JSON-lines logs', () => {
  it('a key twice on a line is said, naming the first such line', async () => {
    const text = [
      '{"step": 1, "loss": 3}',
      '{"step": 2, "loss": 9, "loss": 2.5}',
      '{"step": 3, "loss": 2, "loss": 2}',
    ].join('\n');
    const table = await golden('twice.jsonl', text);
    const t = await collectTable(table);
    expect(t.values.loss).toEqual([3, 2.5, 2]);
    expect(table.warnings).toContain(
      '2 keys are given twice on a line (the first: line 2: "loss"): the later value is read, the first left out',
    );
  });

  it('a step a double cannot count in is left out with a warning naming its line', async () => {
    const text = [
      '{"step": 1, "loss": 3}',
      '{"step": 1e300, "loss": 9}',
      '{"step": 2, "loss": 2, "total_steps": 1e300}',
    ].join('\n');
    const table = await golden('huge.jsonl', text);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 2]);
    expect(table.expectedSteps).toBeUndefined();
    expect(table.warnings.join('\n')).toMatch(
      /1 line whose "step" is not a whole number within ±2\^53 left out \(the first: line 2: 1e\+300\)/,
    );
    expect(table.warnings.join('\n')).toMatch(/"total_steps" 1e\+300 is not a whole number/);
  });
});

describe('HF trainer_state.json', () => {
  it('an entry at a step a double cannot count in is left out with a warning', async () => {
    const text = JSON.stringify({
      log_history: [
        { step: 1, loss: 2 },
        { step: 1e300, loss: 1 },
        { step: 2, loss: 1.5 },
      ],
    });
    const table = await golden('trainer_state.json', text);
    const t = await collectTable(table);
    expect(t.steps).toEqual([1, 2]);
    expect(table.warnings.join('\n')).toMatch(
      /1 log_history entry whose step is not a whole number .*log_history\[1\]: step 1e\+300/,
    );
  });
});
