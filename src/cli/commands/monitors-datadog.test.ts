import { describe, expect, it } from 'vitest';
import { schemaProblems } from '../../../test/helpers/datadog-schema.js';
import { monitorsDatadog } from './monitors-datadog.js';

describe('monitors datadog', () => {
  it('prints monitors (an array of bodies) with the notify handle', async () => {
    const monitors = JSON.parse(await monitorsDatadog(['--notify', '@slack-perf'], {}));
    expect(Array.isArray(monitors)).toBe(true);
    expect(monitors[0].query).toMatch(
      /^pct_change\(avg\(last_1d\),last_1w\):p50:training_metrics\.mfu\{branch_type:main\}/,
    );
    for (const m of monitors) expect(schemaProblems(m, 'Monitor', 'v1')).toEqual([]);
  });
});
