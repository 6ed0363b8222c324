/**
 * The history commands on runs recorded from real files (fixtures/real: a Megatron golden-values file and a
 * Hugging Face trainer_state.json), recorded outside a workflow: each record names the checkout's HEAD as
 * its commit, and export has one column per judged metric under the names the files gave them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cliIn } from '../helpers/cli-in-process.js';

const root = new URL('../../', import.meta.url).pathname;
const REAL = [
  'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json',
  'fixtures/real/hf_trainer_state_whisper_5k_steps.json',
];

describe('history commands on runs recorded from real files', () => {
  it('records carry the HEAD commit outside a workflow; export has a column per judged metric', async () => {
    const H = join(await mkdtemp(join(tmpdir(), 'tmg-history-real-')), 'history.json');
    for (const file of REAL) {
      const r = await cliIn(root, ['record', '--history', H, '--experiment', 'real', '--csv', join(root, file)]);
      expect(r.code, r.err).toBe(0);
    }
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const r = await cliIn(root, ['history', 'export', '--history', H]);
    expect(r.code, r.err).toBe(0);
    const rows = parse(r.out, { columns: true }) as Record<string, string>[];
    expect(rows.map((x) => [x.run, x.sha, x.steps])).toEqual([
      ['megatron_golden_values_gpt3_15b_8t_release_sm_h100', head, '12715'],
      ['hf_trainer_state_whisper_5k_steps', head, '5000'],
    ]);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['lm_loss', 'iteration_time', 'eval_loss', 'train_loss']),
    );
    expect(Number(rows[0]!.lm_loss)).toBeGreaterThan(2);
    expect(rows[1]!.lm_loss).toBe(''); // a metric a run does not have is an empty cell
    const list = await cliIn(root, ['history', 'list', '--history', H]);
    expect(list.out).toMatch(/^real\s+\(none\)\s+2\s+0\s+0\s+\d{4}-/m);
  });
});
