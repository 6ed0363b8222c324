/**
 * Real `record` and `check` processes (the CLI from src) on each store: 8 writers at once lose nothing,
 * the same run recorded twice is one record, and a pull request's runs are stored apart: kept for the
 * PR's own trend (shown beside its run in the report), never part of a baseline.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openHistory } from '../../src/store/index.js';
import { cliFromSource, postgresServer, storeKinds } from './store-kinds.js';

afterAll(() => postgresServer.stop());

const baseline = (i: number) => resolve(`fixtures/demo/baseline/gpt3-1.3b-tp1-0${i}.csv`);
/** A run about 5 % slower than the baseline runs. */
const SLOWER = resolve('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv');

const onMain = (runId: string, attempt = '1') => ({
  GITHUB_REF: 'refs/heads/main',
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REPOSITORY: 'o/r',
  GITHUB_RUN_ID: runId,
  GITHUB_RUN_ATTEMPT: attempt,
  GITHUB_SHA: '1111111111111111111111111111111111111111',
});
const onPr = (runId: string) => ({
  ...onMain(runId),
  GITHUB_REF: 'refs/pull/7/merge',
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_SHA: '2222222222222222222222222222222222222222',
});

interface Verdicts {
  metrics: { name: string; verdict: string; baseline: { centre: number; runs: number } | null }[];
}

for (const kind of storeKinds()) {
  describe.skipIf(kind.skip)(`record processes on the ${kind.name} store`, () => {
    it('8 at once lose nothing; the same run twice is one record; PR runs never join a baseline', async () => {
      const { spec, cwd } = await kind.create();
      const out = await mkdtemp(join(tmpdir(), 'tmg-record-out-'));
      const record = (csv: string, env: NodeJS.ProcessEnv) =>
        cliFromSource(['record', '--history', spec, '--experiment', 'e', '--csv', csv], cwd, env);
      const check = (name: string, env: NodeJS.ProcessEnv) =>
        cliFromSource(
          [
            'check',
            '--record',
            'never',
            '--history',
            spec,
            '--experiment',
            'e',
            '--csv',
            SLOWER,
            '--json',
            join(out, `${name}.json`),
            '--markdown',
            join(out, `${name}.md`),
          ],
          cwd,
          env,
        );
      const runIds = async () =>
        (await openHistory(spec, { cwd }).read()).runs.map((r) => [r.runId, r.attempt, r.pullRequest ?? null]);

      const writers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => record(baseline(i + 1), onMain(String(i + 1)))),
      );
      expect(writers.map((w) => [w.code, w.stderr])).toEqual(new Array(8).fill([0, '']));
      expect((await runIds()).map(([runId]) => runId).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);

      // The same run again, and a re-run attempt: still 8 records, the attempt's replacing the first.
      expect((await record(baseline(3), onMain('3'))).code).toBe(0);
      expect((await record(baseline(4), onMain('4', '2'))).code).toBe(0);
      const again = await runIds();
      expect(again).toHaveLength(8);
      expect(again.find(([runId]) => runId === '4')).toEqual(['4', 2, null]);

      const before = await check('before', onMain('50'));
      expect(before.code, before.stderr).toBe(1);

      // Two runs of PR #7, both slower: recorded for the PR, kept apart.
      for (const runId of ['100', '101']) {
        const pr = await record(SLOWER, onPr(runId));
        expect(pr.code, pr.stderr).toBe(0);
        expect(pr.stdout).toContain('as runs of pull request #7, kept out of baselines');
      }
      expect((await runIds()).filter(([, , pr]) => pr === 7)).toHaveLength(2);

      const after = await check('after', onPr('102'));
      expect(after.code, after.stderr).toBe(1);
      const a = JSON.parse(await readFile(join(out, 'before.json'), 'utf8')) as Verdicts;
      const b = JSON.parse(await readFile(join(out, 'after.json'), 'utf8')) as Verdicts;
      // The baseline is the 8 main runs, exactly as before the PR's runs were recorded.
      expect(b.metrics.map((m) => [m.name, m.verdict, m.baseline])).toEqual(
        a.metrics.map((m) => [m.name, m.verdict, m.baseline]),
      );
      expect(b.metrics.find((m) => m.name === 'tokens_per_sec')).toMatchObject({
        verdict: 'regression',
        baseline: { runs: 8 },
      });
      // The report shows the PR's earlier runs beside this one.
      const md = await readFile(join(out, 'after.md'), 'utf8');
      expect(md).toContain('Earlier runs of pull request #7 (2)');
      expect(md).toContain('`2222222`');
      expect(await readFile(join(out, 'before.md'), 'utf8')).not.toContain('Earlier runs of pull request');
    }, 300_000);
  });
}
