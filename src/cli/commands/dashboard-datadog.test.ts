import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../../test/helpers/datadog-schema.js';
import { InputError } from '../../model.js';
import { dashboardDatadog } from './dashboard-datadog.js';

const CSV = 'fixtures/demo/gpt3-7b-tp2/metrics_rank_0.csv';
const MEGATRON = 'fixtures/real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.json';

describe('dashboard datadog', () => {
  it("prints a dashboard for the columns of --csv that matches Datadog's schema", async () => {
    const text = await dashboardDatadog(['--source', 'api', '--csv', CSV, '--prefix', 'llm'], {});
    const dashboard = JSON.parse(text);
    expect(schemaProblems(dashboard, 'Dashboard', 'v1')).toEqual([]);
    expect(text).toContain('llm.memory.reserved.steady.p90');
    expect(text).toContain('llm.val.lm_loss.final');
  });

  it('shows the columns of every --csv given, as the other generators do', async () => {
    const text = await dashboardDatadog(['--source', 'api', '--csv', MEGATRON, '--csv', CSV], {});
    expect(text).toContain('training_metrics.lm_loss.final');
    expect(text).toContain('training_metrics.tokens_per_sec.steady.median');
  });

  it('refuses an unknown flag, a bad --source and a missing file as input errors', async () => {
    await expect(dashboardDatadog(['--sorce', 'api'], {})).rejects.toThrow(InputError);
    await expect(dashboardDatadog(['--source', 'agent'], {})).rejects.toThrow(/--source must be dogstatsd or api/);
    await expect(dashboardDatadog(['--csv', 'no/such/file.csv'], {})).rejects.toThrow(/file not found/);
  });
});
