/**
 * The database password, from the URL or PGPASSWORD, appears in no output of the CLI: not on stdout or
 * stderr, not in --json or the Markdown report, not in the errors of a failed connection (which name the
 * host and the database instead). Real PostgreSQL, real CLI processes.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runAction } from '../helpers/action.js';
import { secretPieces } from '../helpers/secret-leaks.js';
import { cliFromSource, postgresServer, type CliRun } from './store-kinds.js';

afterAll(() => postgresServer.stop());

const CSV = resolve('fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv');
const CANDIDATE = resolve('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv');

/** Every 8-character piece of the password, as written in the URL and decoded, in every output. */
function leaked(password: string, outputs: Record<string, string>): string[] {
  return Object.entries(outputs).flatMap(([where, text]) => [
    ...secretPieces(text, password, where),
    ...secretPieces(text, encodeURIComponent(password), where),
  ]);
}

async function runWithFiles(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<CliRun & { json: string; markdown: string }> {
  const out = await mkdtemp(join(tmpdir(), 'tmg-pg-pw-'));
  const json = join(out, 'out.json');
  const md = join(out, 'report.md');
  const run = await cliFromSource([...args, '--json', json, '--markdown', md], out, env);
  const read = (p: string) => readFile(p, 'utf8').catch(() => '');
  return { ...run, json: await read(json), markdown: await read(md) };
}

const outputs = (r: CliRun & { json?: string; markdown?: string }) => ({
  stdout: r.stdout,
  stderr: r.stderr,
  json: r.json ?? '',
  markdown: r.markdown ?? '',
});

describe.skipIf(!postgresServer.available)('the PostgreSQL password is never printed', () => {
  it('record and check with the password in the URL print none of it', async () => {
    const server = await postgresServer.get();
    const url = await server.newDatabase();
    const rec = await runWithFiles(['record', '--history', url, '--experiment', 'e', '--csv', CSV]);
    expect(rec.code, rec.stderr).toBe(0);
    expect(rec.stdout).toMatch(/recorded 1 run\(s\) in postgres:\/\/(tmg_user|\*\*\*)@127\.0\.0\.1:\d+\/tmg_/);
    const check = await runWithFiles(['check', '--history', url, '--experiment', 'e', '--csv', CANDIDATE]);
    expect(check.code, check.stderr).toBe(0);
    expect(check.markdown).toContain('Training metrics');
    expect(leaked(server.password, { ...outputs(rec), ...outputs(check) })).toEqual([]);
  }, 120_000);

  it('takes the password from PGPASSWORD, and prints none of it', async () => {
    const server = await postgresServer.get();
    const url = (await server.newDatabase()).replace(/:[^:@/]+@/, '@');
    const rec = await runWithFiles(['record', '--history', url, '--experiment', 'e', '--csv', CSV], {
      PGPASSWORD: server.password,
    });
    expect(rec.code, rec.stderr).toBe(0);
    expect(leaked(server.password, outputs(rec))).toEqual([]);
  }, 120_000);

  it('a failed connection names host and database, never the password', async () => {
    const server = await postgresServer.get();
    const port = /:(\d+)\//.exec(server.url)![1];
    const cases = [
      // No such database.
      server.url.replace(/\/tmg$/, '/no_such_db'),
      // Nothing listens there.
      server.url.replace(`:${port}/`, ':1/'),
    ];
    for (const url of cases) {
      const r = await runWithFiles(['check', '--history', url, '--experiment', 'e', '--csv', CSV]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/postgres:\/\/(tmg_user|\*\*\*)@127\.0\.0\.1:\d+\/(no_such_db|tmg)/);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
      expect(leaked(server.password, outputs(r))).toEqual([]);
    }
    // A URL too broken to parse: still masked.
    const broken = `postgres://tmg_user:${encodeURIComponent(server.password)}@/`;
    const r = await runWithFiles(['record', '--history', broken, '--experiment', 'e', '--csv', CSV]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/names no host|not a valid URL/);
    expect(leaked(server.password, outputs(r))).toEqual([]);
  }, 120_000);

  it('the action registers the password with the runner before anything else, and prints it nowhere else', async () => {
    const server = await postgresServer.get();
    const url = await server.newDatabase();
    const run = await runAction({ command: 'record', history: url, experiment: 'e', csv: CSV });
    expect(run.code, run.stdout).toBe(0);
    const lines = run.stdout.split('\n');
    const masks = lines.filter((l) => l.startsWith('::add-mask::'));
    // Workflow commands escape "%" as "%25".
    expect(masks).toContain(`::add-mask::${server.password.replace(/%/g, '%25')}`);
    // Registered first: no line before the masks could have shown it unmasked.
    expect(lines.findIndex((l) => l.startsWith('::add-mask::'))).toBe(0);
    const rest = lines.filter((l) => !l.startsWith('::add-mask::')).join('\n');
    expect(rest).toContain('history: recorded 1 run(s)');
    expect(
      leaked(server.password, { stdout: rest, outputs: JSON.stringify(run.outputs), summary: run.summary }),
    ).toEqual([]);
  }, 120_000);
});
