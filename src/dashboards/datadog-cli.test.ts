import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../test/helpers/datadog-schema.js';
import { InputError } from '../model.js';
import { runDatadogGenerator } from './datadog-cli.js';

const CSV = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';

describe('dashboard/monitors datadog flags', () => {
  it("prints a dashboard for the columns of --csv that matches Datadog's schema", async () => {
    const text = await runDatadogGenerator(
      'dashboard',
      ['--source', 'api', '--csv', CSV, '--prefix', 'llm'],
      {},
      'usage',
    );
    const dashboard = JSON.parse(text);
    expect(schemaProblems(dashboard, 'Dashboard', 'v1')).toEqual([]);
    expect(text).toContain('llm.memory.reserved.steady.p90');
    expect(text).toContain('llm.val.lm_loss.final');
  });

  it('prints monitors (an array of bodies) with the notify handle', async () => {
    const monitors = JSON.parse(await runDatadogGenerator('monitors', ['--notify', '@slack-perf'], {}, 'usage'));
    expect(Array.isArray(monitors)).toBe(true);
    expect(monitors[0].query).toMatch(
      /^pct_change\(avg\(last_1d\),last_1w\):p50:training_metrics\.mfu\{branch_type:main\}/,
    );
    for (const m of monitors) expect(schemaProblems(m, 'Monitor', 'v1')).toEqual([]);
  });

  it('refuses an unknown flag, a bad --source and a missing file as input errors', async () => {
    await expect(runDatadogGenerator('dashboard', ['--sorce', 'api'], {}, 'usage')).rejects.toThrow(InputError);
    await expect(runDatadogGenerator('dashboard', ['--source', 'agent'], {}, 'usage')).rejects.toThrow(
      /--source must be dogstatsd or api/,
    );
    await expect(runDatadogGenerator('dashboard', ['--csv', 'no/such/file.csv'], {}, 'usage')).rejects.toThrow(
      /file not found/,
    );
  });
});
