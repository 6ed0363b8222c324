import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bench/random.js';
import { buildTags, headerUnit, metricKey, runTagSet, unitSuffix } from './naming.js';

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

describe('unitSuffix', () => {
  /** What the pattern it stands for matches: the suffix's start and its unit, trimmed. */
  const byPattern = (s: string) => {
    const m = /\s*[[(]\s*([^\])]*)\s*[\])]\s*$/.exec(s);
    return m ? { start: m.index, unit: m[1]!.trim() } : null;
  };

  it('finds what the regular expression finds, on names of brackets, parentheses and blanks', () => {
    const rnd = mulberry32(7);
    const alphabet = ['a', 'b', ' ', '\t', '[', ']', '(', ')', 'MiB', '%', '.'];
    for (let n = 0; n < 5000; n++) {
      const s = Array.from(
        { length: Math.floor(rnd() * 14) },
        () => alphabet[Math.floor(rnd() * alphabet.length)],
      ).join('');
      expect(unitSuffix(s), JSON.stringify(s)).toEqual(byPattern(s));
    }
    expect(unitSuffix('memory.used [MiB]')).toEqual({ start: 11, unit: 'MiB' });
    expect(metricKey('power (W)')).toBe('power');
  });

  it('is linear on a long name of brackets (300 KB of a nested JSON line as a header)', () => {
    const name = `${'[{"k":'.repeat(50_000)}0${'}]'.repeat(2)}`;
    const t0 = process.cpuUsage();
    expect(metricKey(name)).toMatch(/^k_/);
    expect(headerUnit(`${'('.repeat(100_000)}x]`)).toBe(`${'('.repeat(99_999)}x`);
    const used = process.cpuUsage(t0);
    // A loose bound on the work: the quadratic scan this replaces takes over half a minute of CPU here.
    expect((used.user + used.system) / 1e6).toBeLessThan(5);
  });
});
