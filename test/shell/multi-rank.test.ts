import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const STEPS = 600;

/** A job's rank files, written by a real child process: `slow` is [rank, slowdown, from step]. */
function job(
  dir: string,
  ranks: number,
  seed: number,
  slow: [number, number, number],
  stall?: [number, number],
): string {
  const out = join(dir, `job-${seed}`);
  const args = [out, ranks, seed, STEPS, ...slow, ...(stall ?? [])].map(String);
  const child = spawnSync(process.execPath, ['test/helpers/rank-job-child.mjs', ...args], { encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  return out;
}

describe.each([4, 8])('a %i-rank job is one run (bundled CLI, JSON history)', (ranks) => {
  const dir = mkdtempSync(join(tmpdir(), `tmg-ranks-${ranks}-`));
  const history = join(dir, 'H.json');
  const straggler = ranks - 2;
  const stalling = ranks - 1;

  it('records one run per job, each with the rank imbalance and the job of N ranks in its fingerprint', async () => {
    for (let i = 1; i <= 6; i++) {
      // The straggler's slowdown differs a little from job to job, as a real slow node's does.
      const out = job(dir, ranks, i, [straggler, 1.15 + 0.005 * (i % 3), 1], i === 3 ? [stalling, 400] : undefined);
      const rec = await runCli([
        'record',
        '--history',
        history,
        '--experiment',
        'llm',
        '--csv',
        out,
        '--run-id',
        `job-${i}`,
      ]);
      expect(rec.code, rec.stderr).toBe(0);
      if (i === 3) expect(rec.stderr).toContain(`rank ${stalling} (`);
    }
    const runs = JSON.parse(readFileSync(history, 'utf8')).runs as {
      run: string;
      fingerprint: string;
      metrics: Record<string, { centre: number }>;
    }[];
    expect(runs.map((r) => r.run)).toEqual([1, 2, 3, 4, 5, 6].map((i) => `job-${i}`));
    expect(new Set(runs.map((r) => r.fingerprint))).toEqual(new Set([`ranks=${ranks}`]));
    for (const r of runs) {
      expect(r.metrics.rank_imbalance!.centre).toBeGreaterThan(1.12);
      expect(r.metrics.rank_imbalance!.centre).toBeLessThan(1.2);
    }
  });

  it('passes a job like the others, naming its straggler and the rank that stalled', async () => {
    const out = job(dir, ranks, 7, [straggler, 1.155, 200], [stalling, 300]);
    const md = join(dir, 'good.md');
    const json = join(dir, 'good.json');
    const chk = await runCli([
      'check',
      '--history',
      history,
      '--experiment',
      'llm',
      '--csv',
      out,
      '--markdown',
      md,
      '--json',
      json,
    ]);
    expect(chk.code, chk.stdout + chk.stderr).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.runs).toHaveLength(1);
    const { straggler: named } = result.runs[0].ranks;
    expect(named.rank).toBe(String(straggler));
    expect(named.excess).toBeGreaterThan(0.13);
    expect(named.excess).toBeLessThan(0.18);
    expect(named.from).toBeGreaterThanOrEqual(190);
    expect(named.from).toBeLessThanOrEqual(210);
    // The report's text is escaped Markdown: `step\_time`.
    const report = readFileSync(md, 'utf8').replace(/\\(.)/g, '$1');
    expect(report).toContain(`Straggler: rank ${straggler}: +1`);
    const { source } = result.runs[0].ranks.ranks.find((r: { rank: string }) => r.rank === String(stalling));
    const stall = `rank ${stalling} (${source}) stopped at step 300 while the other ranks went on to step 600`;
    expect(report).toContain(`Stalled: ${stall}`);
    // Said once in the report, beside the verdict, not again in its list of warnings; and in the job's log.
    expect(report.split(stall)).toHaveLength(2);
    expect(chk.stderr).toContain(stall);
  });

  it('reads the ranks listed a line each in a manifest as the same one job, whatever their files are called', async () => {
    const out = job(dir, ranks, 9, [straggler, 1.15, 1]);
    const lines = [];
    // Listed out of order, each file under a name that says nothing of its rank.
    for (let r = ranks - 1; r >= 0; r--) {
      copyFileSync(
        join(out, `metrics_rank_${r}.csv`),
        // r·3 mod ranks: a shuffle for 4 and 8 ranks alike, so the names' order is not the ranks'.
        join(dir, `node-${String.fromCharCode(97 + ((r * 3) % ranks))}.csv`),
      );
      lines.push(
        JSON.stringify({
          name: 'listed',
          rank: r,
          csv: `node-${String.fromCharCode(97 + ((r * 3) % ranks))}.csv`,
          world_size: ranks,
        }),
      );
    }
    const manifest = join(dir, 'experiment_metadata.jsonl');
    writeFileSync(manifest, `${lines.join('\n')}\n`);
    const own = join(dir, 'listed.json');
    const json = join(dir, 'listed-result.json');
    const rec = await runCli(['record', '--history', own, '--metadata', manifest, '--json', json]);
    expect(rec.code, rec.stdout + rec.stderr).toBe(0);
    const runs = JSON.parse(readFileSync(own, 'utf8')).runs as { run: string; fingerprint: string }[];
    expect(runs.map((r) => [r.run, r.fingerprint])).toEqual([['listed', `ranks=${ranks},world_size=${ranks}`]]);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.runs).toHaveLength(1);
    expect(result.runs[0].ranks.straggler.rank).toBe(String(straggler));
  });

  it("reads one file holding every rank's rows, told apart by a rank column, as the same one job", async () => {
    const out = job(dir, ranks, 10, [straggler, 1.15, 1]);
    const perRank = Array.from({ length: ranks }, (_, r) =>
      readFileSync(join(out, `metrics_rank_${r}.csv`), 'utf8')
        .trim()
        .split('\n'),
    );
    const [header, ...firstRows] = perRank[0]!;
    const lines = [header!.replace('step,', 'step,rank,')];
    // As a shared logger writes them: each step's rows, the ranks in the order they reached it.
    for (let i = 0; i < firstRows.length; i++)
      for (let k = 0; k < ranks; k++) {
        const r = (k * 3 + i) % ranks;
        const row = perRank[r]![i + 1]!;
        lines.push(row.replace(/^(\d+),/, `$1,${r},`));
      }
    const mixed = join(dir, 'all-ranks.csv');
    writeFileSync(mixed, `${lines.join('\n')}\n`);
    const own = join(dir, 'mixed.json');
    const json = join(dir, 'mixed-result.json');
    const rec = await runCli(['record', '--history', own, '--experiment', 'llm', '--csv', mixed, '--json', json]);
    expect(rec.code, rec.stdout + rec.stderr).toBe(0);
    expect(rec.stderr).not.toMatch(/restart/);
    const runs = JSON.parse(readFileSync(own, 'utf8')).runs as { run: string; fingerprint: string; steps: number }[];
    expect(runs.map((r) => [r.run, r.fingerprint, r.steps])).toEqual([['all-ranks', `ranks=${ranks}`, STEPS]]);
    const result = JSON.parse(readFileSync(json, 'utf8'));
    expect(result.runs[0].ranks.straggler.rank).toBe(String(straggler));
  });

  it("reads a folder of files named for their hosts, each rank's told by its rank column, as the same one job", async () => {
    const out = job(dir, ranks, 11, [straggler, 1.15, 1]);
    const workers = join(dir, 'workers');
    mkdirSync(workers);
    for (let r = 0; r < ranks; r++) {
      const [header, ...rows] = readFileSync(join(out, `metrics_rank_${r}.csv`), 'utf8')
        .trim()
        .split('\n');
      const text = [header!.replace('step,', 'step,rank,'), ...rows.map((l) => l.replace(/^(\d+),/, `$1,${r},`))];
      writeFileSync(join(workers, `train-node${(r * 7) % 10}-pid${1000 + r}.csv`), `${text.join('\n')}\n`);
    }
    const own = join(dir, 'workers.json');
    const json = join(dir, 'workers-result.json');
    const rec = await runCli(['record', '--history', own, '--experiment', 'llm', '--csv', workers, '--json', json]);
    expect(rec.code, rec.stdout + rec.stderr).toBe(0);
    const runs = JSON.parse(readFileSync(own, 'utf8')).runs as { run: string; fingerprint: string }[];
    expect(runs.map((r) => [r.run, r.fingerprint])).toEqual([['workers', `ranks=${ranks}`]]);
    expect(JSON.parse(readFileSync(json, 'utf8')).runs[0].ranks.straggler.rank).toBe(String(straggler));
  });

  it('fails a job whose straggler is 10 % slower than before, on rank_imbalance', async () => {
    const out = job(dir, ranks, 8, [straggler, 1.155 * 1.1, 1]);
    const json = join(dir, 'bad.json');
    const chk = await runCli(['check', '--history', history, '--experiment', 'llm', '--csv', out, '--json', json]);
    expect(chk.code, chk.stdout + chk.stderr).toBe(1);
    const metrics = JSON.parse(readFileSync(json, 'utf8')).metrics as { name: string; verdict: string }[];
    expect(metrics.find((m) => m.name === 'rank_imbalance')?.verdict).toBe('regression');
  });
});
