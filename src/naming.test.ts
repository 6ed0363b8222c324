import { describe, expect, it } from 'vitest';
import { buildTags, headerUnit, metricKey, runTagSet } from './naming.js';

describe('buildTags', () => {
  it('lets later sources win and puts the schema keys first', () => {
    const { tags } = buildTags(
      [
        { team: 'perf', experiment: 'a' },
        { experiment: 'b', branch_type: 'main' },
      ],
      false,
    );
    expect(Object.entries(tags)).toEqual([
      ['experiment', 'b'],
      ['branch_type', 'main'],
      ['team', 'perf'],
    ]);
  });

  it('sends a run or user tag named step, steps or gpu as run_<key>, since the sinks set those per line', () => {
    const { tags, refused } = buildTags([{ gpu: 'H100-SXM', step: '7', steps: 'all', model: 'gpt3' }], false);
    expect(tags).toEqual({ run_gpu: 'H100-SXM', run_step: '7', run_steps: 'all', model: 'gpt3' });
    expect(refused).toEqual([]);
  });

  it('refuses id-like values unless allowed, never for schema keys', () => {
    const sha = '3f1c2b9a7d4e5f60718293a4b5c6d7e8f9a0b1c2';
    const refused = buildTags([{ commit: sha, experiment: sha }], false);
    expect(refused.tags).toEqual({ experiment: sha });
    expect(refused.refused).toEqual([
      `commit:${sha} looks like a unique id (one series per run); pass allow-id-tags to keep it`,
    ]);
    expect(buildTags([{ commit: sha }], true).tags).toEqual({ commit: sha });
  });
});

describe('runTagSet', () => {
  const github = {
    ref: 'refs/heads/main',
    eventName: 'schedule',
    workflow: 'daily',
    defaultBranch: 'main',
    serverUrl: '',
    repository: 'o/r',
    runId: '1',
    sha: '',
    prNumber: null,
  };
  const run = { tags: { model: 'gpt3', branch_type: 'from-config' }, experiment: 'gpt3-1b' };

  it('puts the schema tags over the run config and the user tags, then the extra tags', () => {
    const { tags } = runTagSet(run, { team: 'perf', event: 'spoofed' }, github, false, { run: 'r1' });
    expect(tags).toEqual({
      experiment: 'gpt3-1b',
      workflow_name: 'daily',
      event: 'schedule',
      branch_type: 'main',
      model: 'gpt3',
      team: 'perf',
      run: 'r1',
    });
  });

  it('without a GitHub context carries the experiment only as schema tag', () => {
    expect(runTagSet(run, {}, null, false).tags).toEqual({
      experiment: 'gpt3-1b',
      model: 'gpt3',
      branch_type: 'from-config',
    });
  });
});

describe('metricKey and headerUnit', () => {
  it('drops a unit suffix, but keeps an Ultralytics task letter as part of the name', () => {
    expect(metricKey('memory.used [MiB]')).toBe('memory.used');
    expect(headerUnit('memory.used [MiB]')).toBe('MiB');
    expect(metricKey('elapsed time per iteration (ms)')).toBe('elapsed_time_per_iteration');
    expect(headerUnit('power (W)')).toBe('W');
    // Boxes and masks are two metrics, neither in bytes.
    expect(metricKey('metrics/mAP50(B)')).toBe('metrics_map50_b');
    expect(metricKey('metrics/mAP50(M)')).toBe('metrics_map50_m');
    expect(headerUnit('metrics/mAP50-95(B)')).toBe('');
  });
});
