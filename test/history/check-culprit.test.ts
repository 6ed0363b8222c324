/**
 * The culprit range through the CLI, end to end: real metrics CSVs (the gate simulator's), a real history
 * recorded by `record` from one commit after another, then `check` on the default branch. The JSON account,
 * the Markdown and the HTML report name the last good and the first bad run and link the compare view on
 * the server GITHUB_SERVER_URL names.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../bench/gate/simulate.js';
import type { GateResult } from '../../src/model.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { writeSimulatedCsv } from '../helpers/simulated-csv.js';
import { sha } from './series.js';

const mainEnv = (i: number): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REPOSITORY: 'org/trainer',
  GITHUB_SERVER_URL: 'https://ghe.example.com',
  GITHUB_SHA: sha(i),
  GITHUB_RUN_ID: String(500 + i),
});

describe('check names the culprit range (real CSVs, real history, the CLI)', () => {
  it('a shift for the worse in the history: last good and first bad run, dates, and the compare link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-culprit-'));
    const H = join(dir, 'history.json');
    const rng = new Rng(11);
    // Commits 0–7 at full speed, 8–12 with throughput down 10 %, each recorded on main by its own workflow run.
    for (let i = 0; i < 13; i++) {
      const file = await writeSimulatedCsv(dir, `run${i}`, { speed: i >= 8 ? 0.9 : 1 }, rng);
      const r = await cliIn(dir, ['record', '--history', H, '--experiment', 'gpt', '--csv', file], mainEnv(i));
      expect(r.code, r.err).toBe(0);
    }
    const out = join(dir, 'out.json');
    const md = join(dir, 'report.md');
    const html = join(dir, 'report.html');
    const today = await writeSimulatedCsv(dir, 'today', { speed: 0.9 }, rng);
    const r = await cliIn(
      dir,
      ['check', '--history', H, '--experiment', 'gpt', '--csv', today, '--json', out, '--markdown', md, '--html', html],
      mainEnv(13),
    );
    expect(r.code, r.err).toBe(1);
    const gate = (JSON.parse(await readFile(out, 'utf8')) as { experiments: GateResult[] }).experiments[0]!;
    expect(gate.culprit).toMatchObject({
      why: 'level-shift',
      good: { run: 'run7', sha: sha(7) },
      bad: { run: 'run8', sha: sha(8) },
      compare: `https://ghe.example.com/org/trainer/compare/${sha(7)}...${sha(8)}`,
    });
    const recorded = JSON.parse(await readFile(H, 'utf8')) as { runs: { sha: string; recordedAt: string }[] };
    expect(recorded.runs.every((x, i) => x.sha === sha(i) && !Number.isNaN(Date.parse(x.recordedAt)))).toBe(true);
    const markdown = await readFile(md, 'utf8');
    expect(markdown).toContain(`last good \`${sha(7).slice(0, 12)}\` (run7, `);
    expect(markdown).toContain(`first bad \`${sha(8).slice(0, 12)}\` (run8, `);
    expect(markdown).toContain(`[compare](https://ghe.example.com/org/trainer/compare/${sha(7)}...${sha(8)})`);
    expect(await readFile(html, 'utf8')).toContain(
      `<a href="https://ghe.example.com/org/trainer/compare/${sha(7)}...${sha(8)}">compare</a>`,
    );
  });

  it('a regression on the default branch with a steady history: the latest run and this one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-culprit-'));
    const H = join(dir, 'history.json');
    const rng = new Rng(12);
    for (let i = 0; i < 8; i++) {
      const file = await writeSimulatedCsv(dir, `run${i}`, {}, rng);
      expect(
        (await cliIn(dir, ['record', '--history', H, '--experiment', 'gpt', '--csv', file], mainEnv(i))).code,
      ).toBe(0);
    }
    const out = join(dir, 'out.json');
    const slow = await writeSimulatedCsv(dir, 'slow', { speed: 0.85 }, rng);
    const culprit = async (env: NodeJS.ProcessEnv) => {
      const r = await cliIn(dir, ['check', '--history', H, '--experiment', 'gpt', '--csv', slow, '--json', out], env);
      expect(r.code, r.err).toBe(1);
      return (JSON.parse(await readFile(out, 'utf8')) as { experiments: GateResult[] }).experiments[0]!.culprit;
    };
    const pr = { ...mainEnv(8), GITHUB_REF: 'refs/pull/4/merge', GITHUB_EVENT_NAME: 'pull_request' };
    // On a pull request against a steady history the pull request is the change: no range.
    expect(await culprit(pr)).toBeUndefined();
    // On the default branch (recorded, flagged): the latest run and this one.
    expect(await culprit(mainEnv(8))).toMatchObject({
      why: 'regression',
      good: { run: 'run7', sha: sha(7) },
      bad: { run: 'slow', sha: sha(8) },
      runsAgo: 0,
    });
    // Once main recorded it, a pull request is told main regressed before it: the same two runs.
    expect(await culprit(pr)).toMatchObject({
      why: 'level-shift',
      good: { run: 'run7', sha: sha(7) },
      bad: { run: 'slow', sha: sha(8) },
      runsAgo: 1,
    });
  });
});
