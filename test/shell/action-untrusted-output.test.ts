/**
 * The action as the runner runs it (dist/index.js): untrusted names and error texts never start a workflow
 * command on stdout, and no piece of the GitHub token or the Datadog key reaches the log, the step summary,
 * the outputs or report.json, on GitHub and Datadog failures that echo them. Each secret is masked once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../helpers/action.js';
import { startFakeDatadog, type FakeDatadog } from '../helpers/datadog-api-server.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import { DATADOG_KEY_UNDER_TEST as KEY, GITHUB_TOKEN_UNDER_TEST as TOKEN, leaks } from '../helpers/secret-leaks.js';
import { INJECTED_COMMANDS, runnerCommands } from '../helpers/workflow-commands.js';

const OWN_STOP = /^::stop-commands::[0-9a-f]{8}-[0-9a-f-]{27}$/;
const CANDIDATE = 'fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv';

function hostileCsv(command: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-action-inject-'));
  const rows = Array.from({ length: 40 }, (_, i) => `${i},${(3 - i * 0.01).toFixed(3)},${0.4 + (i % 3) * 0.001}`);
  const path = join(dir, 'run.csv'); // the csv input is a list, one path a line
  writeFileSync(path, `step,"loss\n${command}",mfu\n${rows.join('\n')}\n`);
  return path;
}

/** The log as the runner shows it: its own `::add-mask::` lines are consumed, never shown. */
const shown = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n');

describe('the action and untrusted text (dist/index.js)', () => {
  for (const command of INJECTED_COMMANDS) {
    it(`runs no injected ${command.split(/::| /)[1]} command`, async () => {
      const csv = hostileCsv(command);
      const history = join(mkdtempSync(join(tmpdir(), 'tmg-action-inject-h-')), 'h.json');
      // check prints a line per metric through core.info: the experiment and metric names are in it.
      const r = await runAction({ command: 'check', csv, experiment: `exp\n${command}`, history, comment: 'off' });
      const missing = await runAction({ csv: `missing ${command}.csv`, 'dry-run': 'true' });
      const all = `${r.stdout}\n${missing.stdout}`;
      expect(all).toContain(command);
      const commands = runnerCommands(all);
      expect(commands.filter((c) => INJECTED_COMMANDS.some((i) => c.line.startsWith(i)))).toEqual([]);
      expect(commands.filter((c) => c.name === 'stop-commands' && !OWN_STOP.test(c.line))).toEqual([]);
      expect(missing.code).not.toBe(0);
    }, 60_000);
  }
});

describe('the action and secrets (dist/index.js)', () => {
  let gh: FakeGitHub;
  let dd: FakeDatadog;
  let history: string;
  beforeAll(async () => {
    gh = await new FakeGitHub().start();
    dd = await startFakeDatadog({ apiKey: KEY });
    history = join(mkdtempSync(join(tmpdir(), 'tmg-action-secrets-h-')), 'history.json');
    const baseline = Array.from(
      { length: 10 },
      (_, i) => `fixtures/demo/baseline/gpt3-1.3b-tp1-${String(i + 1).padStart(2, '0')}.csv`,
    );
    const rec = await runAction({ command: 'record', csv: baseline.join('\n'), experiment: 'gpt3', history });
    expect(rec.code).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await gh.stop();
    await dd.close();
  });

  for (const status of [401, 403, 422, 500]) {
    it(`GitHub ${status} echoing the Authorization header, Datadog echoing the key`, async () => {
      gh.echoHeadersWith = status;
      const echoed = { status: 400, body: JSON.stringify({ errors: [`${'r'.repeat(280)} key ${KEY}`] }) };
      dd.script.push(...Array.from({ length: 4 }, () => echoed));
      const dir = mkdtempSync(join(tmpdir(), 'tmg-action-secrets-'));
      const event = join(dir, 'event.json');
      writeFileSync(event, JSON.stringify({ pull_request: { number: 7, head: { sha: 'b'.repeat(40) } } }));
      const r = await runAction(
        {
          command: 'check',
          history,
          csv: CANDIDATE,
          experiment: 'gpt3',
          comment: 'always',
          'github-token': TOKEN,
          'datadog-url': dd.url,
          'datadog-api-key': KEY,
          html: join(dir, 'report.html'),
          markdown: join(dir, 'report.md'),
        },
        {
          GITHUB_REF: 'refs/pull/7/merge',
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: event,
          GITHUB_REPOSITORY: 'acme/trainer',
          GITHUB_API_URL: gh.baseUrl,
        },
      );
      dd.script.length = 0;
      expect(gh.requests.at(-1)?.authorization).toContain(TOKEN);
      expect(r.stdout).toContain(`HTTP ${status}`);
      expect(r.stdout).toContain('HTTP 400');
      const files = Object.fromEntries(
        ['report.html', 'report.md'].map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
      );
      const report = readFileSync(r.outputs['report-json']!, 'utf8');
      expect(
        leaks({ log: shown(r.stdout), summary: r.summary, outputs: JSON.stringify(r.outputs), report, ...files }),
      ).toEqual([]);
      // Each secret is masked once, not once per use.
      expect(r.stdout.split('\n').filter((l) => l === `::add-mask::${TOKEN}`)).toHaveLength(1);
      expect(r.stdout.split('\n').filter((l) => l === `::add-mask::${KEY}`)).toHaveLength(1);
    }, 60_000);
  }
});
