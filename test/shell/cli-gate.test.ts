import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const baseline = Array.from(
  { length: 10 },
  (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`,
);
const current = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';

describe('record and check, as scripts call them (bundled CLI, JSON history)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-gate-cli-'));
  const history = join(dir, 'H.json');

  it('record appends the runs in the order given; check exits 1 on the regression with the documented JSON', async () => {
    const rec = await runCli([
      'record',
      '--history',
      history,
      '--experiment',
      'gpt3-1.3b-tp1',
      ...baseline.flatMap((f) => ['--csv', f]),
    ]);
    expect(rec.code).toBe(0);
    const runs = JSON.parse(readFileSync(history, 'utf8')).runs as { run: string }[];
    expect(runs.map((r) => r.run)).toEqual(baseline.map((f) => f.split('/').pop()!.replace('.csv', '')));

    const out = join(dir, 'OUT.json');
    const chk = await runCli([
      'check',
      '--history',
      history,
      '--experiment',
      'gpt3-1.3b-tp1',
      '--csv',
      current,
      '--json',
      out,
      '--markdown',
      join(dir, 'r.md'),
    ]);
    expect(chk.code).toBe(1);
    const json = JSON.parse(readFileSync(out, 'utf8'));
    expect(json.regression).toBe(true);
    expect(json.run.complete).toBe(true);
    for (const m of json.metrics) {
      expect(Object.keys(m)).toEqual(
        expect.arrayContaining(['name', 'verdict', 'current', 'baseline', 'change', 'reason']),
      );
      expect(['pass', 'regression', 'improvement', 'insufficient-history', 'missing']).toContain(m.verdict);
    }
    expect(json.metrics.find((m: { name: string }) => m.name === 'MFU').verdict).toBe('regression');
    expect(readFileSync(join(dir, 'r.md'), 'utf8')).toContain('MFU');
  });

  it('check exits 0 on a run like its baseline, and never writes the history locally', async () => {
    const before = readFileSync(history, 'utf8');
    const chk = await runCli(['check', '--history', history, '--experiment', 'gpt3-1.3b-tp1', '--csv', baseline[3]!]);
    expect(chk.code).toBe(0);
    expect(readFileSync(history, 'utf8')).toBe(before);
  });

  it('an unknown experiment starts a new history: insufficient history, exit 0', async () => {
    const out = join(dir, 'new.json');
    const chk = await runCli([
      'check',
      '--history',
      history,
      '--experiment',
      'brand-new',
      '--csv',
      current,
      '--json',
      out,
    ]);
    expect(chk.code).toBe(0);
    const metrics: { metric: string; verdict: string }[] = JSON.parse(readFileSync(out, 'utf8')).metrics;
    expect(metrics.length).toBeGreaterThan(0);
    expect(metrics.every((m) => m.verdict === 'insufficient-history')).toBe(true);
  });

  it('a hand-broken history is reported with its line, exit 2, and is never overwritten', async () => {
    const broken = join(dir, 'broken.json');
    const text = readFileSync(history, 'utf8').replace(/\n(.)/, '\n{oops $1');
    writeFileSync(broken, text);
    const rec = await runCli(['record', '--history', broken, '--experiment', 'gpt3-1.3b-tp1', '--csv', current]);
    expect(rec.code).toBe(2);
    expect(rec.stderr).toMatch(/broken\.json:\d+/);
    expect(readFileSync(broken, 'utf8')).toBe(text);
  });

  it('a closed stdout pipe keeps the verdict: exit 1 through `| head -1` under pipefail', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(
      'bash',
      [
        '-o',
        'pipefail',
        '-c',
        `node dist/cli.js check --history ${history} --experiment gpt3-1.3b-tp1 --csv ${current} --dry-run | head -1`,
      ],
      { encoding: 'utf8' },
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.status).toBe(1);
  });

  it('a history that cannot be written is exit 2 for record, and a report that cannot be written stops the recording', async () => {
    // a path through a regular file: no folder can ever be made there
    const nowhere = await runCli([
      'record',
      '--history',
      join(history, 'sub', 'h.json'),
      '--experiment',
      'x',
      '--csv',
      current,
    ]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toMatch(/^error: .*h\.json/m);
    const h = join(dir, 'report-first.json');
    const blocked = await runCli([
      'check',
      '--record',
      'always',
      '--history',
      h,
      '--experiment',
      'x',
      '--csv',
      current,
      '--markdown',
      dir,
    ]);
    expect(blocked.code).toBe(2);
    const { existsSync } = await import('node:fs');
    expect(existsSync(h)).toBe(false);
  });

  it('--json creates its folder', async () => {
    const out = join(dir, 'made', 'for', 'it.json');
    const r = await runCli([
      'check',
      '--history',
      history,
      '--experiment',
      'gpt3-1.3b-tp1',
      '--csv',
      baseline[0]!,
      '--json',
      out,
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).regression).toBe(false);
  });

  it('--new-baseline marks the first run of every experiment in a batch', async () => {
    const h = join(dir, 'batch-baseline.json');
    const r = await runCli([
      'record',
      '--history',
      h,
      '--metadata',
      'fixtures/demo/experiment_metadata.jsonl',
      '--new-baseline',
    ]);
    expect(r.code).toBe(0);
    const runs = JSON.parse(readFileSync(h, 'utf8')).runs as { experiment: string; baseline: boolean }[];
    expect(runs.map((x) => [x.experiment, x.baseline])).toEqual([
      ['gpt3-1.3b-tp1', true],
      ['gpt3-7b-tp2', true],
      ['llama3-8b-tp4', true],
    ]);
  });

  it('a bad metrics file is exit 2 and records nothing', async () => {
    const before = readFileSync(history, 'utf8');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'step,loss,loss\n1,2,3\n');
    const rec = await runCli([
      'record',
      '--history',
      history,
      '--experiment',
      'gpt3-1.3b-tp1',
      '--csv',
      current,
      '--csv',
      bad,
    ]);
    expect(rec.code).toBe(2);
    expect(readFileSync(history, 'utf8')).toBe(before);
  });
});
