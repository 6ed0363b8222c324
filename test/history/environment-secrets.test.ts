/**
 * Secrets in `--environment` files and in a manifest's config, through the CLI end to end: made-up secrets
 * of real shapes (test/helpers/secret-corpus.ts) by name (`PGPASSWORD`, `GH_PAT`, `SLACK_WEBHOOK_URL`, …)
 * and by shape (`--hf_token=hf_…`, a JWT, an OpenSSH private key, …). None reaches the history, `--json`,
 * the reports, the site's pages and CSV files, `history show`, `history export` or the console, for runs
 * recorded now and for a record written before the rule (by hand); the harmless fields beside them do.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../bench/gate/simulate.js';
import type { HistoryRecord } from '../../src/model.js';
import { cliIn } from '../helpers/cli-in-process.js';
import { BY_NAME, BY_SHAPE, HARMLESS, secretPieces } from '../helpers/secret-corpus.js';
import { writeSimulatedCsv } from '../helpers/simulated-csv.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const ALL = [...BY_NAME, ...BY_SHAPE];
const leaks = (outputs: Record<string, string>) =>
  Object.entries(outputs).flatMap(([where, text]) =>
    ALL.flatMap((e) =>
      secretPieces(e)
        .filter((p) => text.includes(p))
        .map((p) => `${where}: ${e.field} "${p}"`),
    ),
  );
const env = { PATH: process.env.PATH };

describe('secrets in environment files and manifest config (the CLI)', () => {
  it('are never recorded, printed or written: history, --json, reports, site, show, export', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-env-secrets-'));
    dirs.push(dir);
    const H = join(dir, 'history.json');
    const envFile = join(dir, 'env.json');
    await writeFile(
      envFile,
      JSON.stringify({ ...Object.fromEntries(ALL.map((e) => [e.field, e.value])), ...HARMLESS }, null, 2),
    );
    const freeze = join(dir, 'freeze.txt');
    await writeFile(freeze, 'keyring==25.5.0\ngoogle-auth==2.35.0\nsessionlib==1.0\n');
    const outputs: Record<string, string> = {};
    const rng = new Rng(9);
    for (let i = 0; i < 6; i++) {
      const csv = await writeSimulatedCsv(dir, `run${i}`, {}, rng);
      const json = join(dir, `record-${i}.json`);
      const r = await cliIn(
        dir,
        [
          'record',
          '--history',
          H,
          '--experiment',
          'gpt',
          '--csv',
          csv,
          '--environment',
          envFile,
          '--environment',
          freeze,
          '--json',
          json,
        ],
        env,
      );
      expect(r.code, r.err).toBe(0);
      outputs[`record ${i} stdout`] = r.out;
      outputs[`record ${i} stderr`] = r.err;
      outputs[`record ${i} --json`] = await readFile(json, 'utf8');
    }
    expect(outputs['record 0 stderr']).toContain(`${BY_NAME.length} fields named like a secret recorded as [redacted]`);

    // A record written before the rule, by hand: its secrets as given.
    const history = JSON.parse(await readFile(H, 'utf8')) as { format: number; runs: HistoryRecord[] };
    const old = {
      ...history.runs[0]!,
      run: 'old',
      runId: 'old-1',
      environment: Object.fromEntries(ALL.map((e) => [e.field, e.value])),
    };
    history.runs.splice(1, 0, old);
    outputs['history as recorded'] = JSON.stringify(history.runs.filter((r) => r.run !== 'old'));
    await writeFile(H, JSON.stringify(history));

    const csv = await writeSimulatedCsv(dir, 'today', { speed: 0.9 }, rng);
    const check = await cliIn(
      dir,
      [
        'check',
        '--record',
        'never',
        '--history',
        H,
        '--experiment',
        'gpt',
        '--csv',
        csv,
        '--environment',
        envFile,
        '--json',
        join(dir, 'check.json'),
        '--markdown',
        join(dir, 'r.md'),
        '--html',
        join(dir, 'r.html'),
      ],
      env,
    );
    expect([0, 1]).toContain(check.code);
    outputs['check stdout'] = check.out;
    outputs['check stderr'] = check.err;
    for (const f of ['check.json', 'r.md', 'r.html']) outputs[f] = await readFile(join(dir, f), 'utf8');

    for (const args of [['show', '--experiment', 'gpt'], ['export'], ['changes', '--experiment', 'gpt']]) {
      const r = await cliIn(dir, ['history', args[0]!, '--history', H, ...args.slice(1)], env);
      expect(r.code, r.err).toBe(0);
      outputs[`history ${args[0]}`] = r.out + r.err;
    }
    const site = join(dir, 'site');
    const built = await cliIn(dir, ['history', 'site', '--history', H, '--output', site], env);
    expect(built.code, built.err).toBe(0);
    for (const f of await readdir(site)) outputs[`site ${f}`] = await readFile(join(site, f), 'utf8');

    expect(leaks(outputs)).toEqual([]);
    // The harmless fields are there as given, and the secret-named ones say they were there.
    const recorded = (JSON.parse(await readFile(H, 'utf8')) as { runs: HistoryRecord[] }).runs.at(-1)!.environment!;
    for (const [k, v] of Object.entries(HARMLESS)) expect(recorded[k], k).toBe(v);
    expect(recorded['google-auth']).toBe('2.35.0');
    expect(recorded.PGPASSWORD).toBe('[redacted]');
    expect(recorded.launch).toBe('torchrun train.py --hf_token=*** --lr 3e-4');
    expect(outputs['history show']).toContain('[redacted]');
    expect(outputs['history export']).toContain('environment.launch');
    // The leak check can fail: the history file itself still holds the hand-written record's secrets.
    expect(leaks({ file: await readFile(H, 'utf8') }).length).toBeGreaterThan(0);
  }, 300_000);

  it("a manifest's config named like a secret is sent and reported as [redacted]", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-env-secrets-'));
    dirs.push(dir);
    const csv = await writeSimulatedCsv(dir, 'run', {}, new Rng(3));
    const token = BY_SHAPE.find((e) => e.field === 'runner_note')!.value;
    const manifest = join(dir, 'experiment_metadata.jsonl');
    await writeFile(
      manifest,
      `${JSON.stringify({ name: 'a', csv, config: { model: 'gpt', HF_TOKEN: 'plain-secret-value', note: token } })}\n`,
    );
    const json = join(dir, 'out.json');
    const r = await cliIn(dir, ['emit', '--dry-run', '--metadata', manifest, '--json', json], env);
    expect(r.code, r.err).toBe(0);
    const text = r.out + r.err + (await readFile(json, 'utf8'));
    expect(text).not.toContain('plain-secret-value');
    expect(text).not.toContain(token);
    expect(r.err).toContain(
      `${manifest}:1: config field named like a secret, sent and reported as [redacted]: "HF_TOKEN"`,
    );
    const run = (JSON.parse(await readFile(json, 'utf8')) as { runs: { tags: Record<string, string> }[] }).runs[0]!;
    expect(run.tags).toMatchObject({ model: 'gpt', HF_TOKEN: '[redacted]', note: '***' });
  }, 120_000);
});
