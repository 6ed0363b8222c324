/**
 * The action's `command: watch` as the runner runs it (dist/index.js, INPUT_* variables, GITHUB_OUTPUT and
 * GITHUB_STEP_SUMMARY files): the `run` input's command line runs under bash as watch's child, a real
 * process writing CSV rows over time (test/helpers/training-child.mjs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAction } from '../helpers/action.js';
import { freePort } from '../helpers/prometheus-servers.js';

const CHILD = resolve('test/helpers/training-child.mjs');

/** A fresh folder, a CSV path in it that does not exist yet, and a free port for /metrics. */
async function setup(): Promise<{ dir: string; csv: string; listen: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-watch-action-'));
  return { dir, csv: join(dir, 'metrics_rank_0.csv'), listen: `127.0.0.1:${await freePort()}` };
}

describe('the action with command: watch (dist/index.js, a real child under bash -c)', () => {
  it('runs the run input through bash, then the normal job on the final file: step passes, nothing aborted', async () => {
    const { dir, csv, listen } = await setup();
    const marker = join(dir, 'after');
    const token = 'ghs_watchActionTokenNeverInTheChild0123';
    const r = await runAction({
      command: 'watch',
      // Shell syntax on purpose: a variable, quotes and && are bash's, as in a `run:` step.
      run: `ROWS=40; node '${CHILD}' "${csv}" --rate 100 --seconds 1.5 && echo "$ROWS rows" > '${marker}' && env > '${marker}.env'`,
      csv,
      experiment: 'watch-action',
      listen,
      'github-token': token,
    });
    expect(r.stdout).not.toContain('::error');
    expect(r.code).toBe(0);
    expect(readFileSync(marker, 'utf8')).toBe('40 rows\n');
    // The child sees what a `run:` step would: the runner's variables, none of the action's inputs.
    const childEnv = readFileSync(`${marker}.env`, 'utf8');
    expect(childEnv).toContain('GITHUB_ACTIONS=true');
    expect(childEnv).not.toMatch(/^INPUT_/m);
    expect(childEnv).not.toContain(token);
    expect(r.outputs.aborted).toBe('');
    expect(r.outputs.regression).toBe('false');
    const report = JSON.parse(readFileSync(r.outputs['report-json']!, 'utf8'));
    expect(report.aborted ?? null).toBeNull();
    // The normal job ran on the final file: every row the child wrote, as the live view last saw it.
    expect(report.runs[0].steps.count).toBeGreaterThan(20);
    expect(report.runs[0].steps.last).toBe(report.live.ranks[0].lastStep);
    expect(report.child.exitCode).toBe(0);
  });

  it('stops a run whose loss turns NaN: the whole bash group gets the signal, the step fails saying why', async () => {
    const { dir, csv, listen } = await setup();
    const marker = join(dir, 'after');
    const r = await runAction({
      command: 'watch',
      // Were only the child signalled, bash would go on to write the marker.
      run: `node '${CHILD}' "${csv}" --rate 100 --nan-after 1 --seconds 60; echo survived > '${marker}'`,
      csv,
      experiment: 'watch-action',
      listen,
      'abort-on': 'nan',
    });
    expect(r.code).toBe(1);
    expect(r.outputs.aborted).toBe('nan');
    expect(r.stdout).toMatch(/::error::watch stopped the run: nan at step \d+/);
    expect(existsSync(marker)).toBe(false);
    const report = JSON.parse(readFileSync(r.outputs['report-json']!, 'utf8'));
    expect(report.aborted).toMatchObject({ reason: 'nan' });
    expect(report.aborted.step).toBeGreaterThan(50);
  }, 30_000);

  it('with a history, writes the job summary of the gate on the final file, as check does', async () => {
    const { dir, csv, listen } = await setup();
    const history = join(dir, 'history.json');
    for (let i = 0; i < 5; i++) {
      const base = join(dir, `base-${i}.csv`);
      execFileSync(process.execPath, [CHILD, base, '--rows', '300', '--chunk', '100', '--every', '1']);
      execFileSync(process.execPath, [
        'dist/cli.js',
        'record',
        '--history',
        history,
        '--experiment',
        'watch-action',
        '--csv',
        base,
        '--run-id',
        `base-${i}`,
      ]);
    }
    const r = await runAction({
      command: 'watch',
      run: `node '${CHILD}' "${csv}" --rows 300 --chunk 100 --every 1`,
      csv,
      experiment: 'watch-action',
      listen,
      history,
    });
    expect(r.summary).toContain('watch-action');
    expect(r.summary).toContain('MFU');
  }, 60_000);

  it("fails the step with the child's own exit code when the training fails", async () => {
    const { csv, listen } = await setup();
    const r = await runAction({
      command: 'watch',
      run: `node '${CHILD}' "${csv}" --rate 100 --seconds 0.5 --exit 3`,
      csv,
      experiment: 'watch-action',
      listen,
    });
    expect(r.code).toBe(1);
    expect(r.outputs.aborted).toBe('');
    expect(r.stdout).toMatch(/::error::the command in run failed with exit code 3/);
  });

  it('refuses command watch without run before anything starts, in one error line', async () => {
    const { csv } = await setup();
    const r = await runAction({ command: 'watch', csv, experiment: 'watch-action' });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/::error::action inputs: run: command watch needs the command line to run/);
    expect(r.stdout).not.toMatch(/\n\s+at /);
    expect(existsSync(csv)).toBe(false);
  });
});
