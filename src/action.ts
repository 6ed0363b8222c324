/**
 * The GitHub Action: inputs → Options → run() → outputs. Inputs are named like the CLI's flags.
 * Outputs: datagrams, series, metrics-json, regression, verdict, report-json, report-html, comment-url;
 * with `command: watch`, report-json, regression, verdict and aborted.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { replacedLinkWarning, writeFileAtomic } from './write-file.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import * as core from '@actions/core';
import { OutputStreams } from './cli/output-streams.js';
import { SecretRegistry } from './http/redact.js';
import { InputError } from './model.js';
import { COMMANDS, githubContextFromEnv, type Command, type Options } from './options.js';
import { PARAMETERS, resolveOptions, type RawValues } from './parameters.js';
import { jobVerdict, metricsOutput, resultJson } from './result-json.js';
import { workflowCommandSafe } from './report/render/escape.js';
import { Progress } from './progress/index.js';
import { run, type Io, type ShellFeatures } from './run.js';
import { endSoon } from './end-soon.js';
import { historySecrets } from './store/postgres-url.js';
import { otlpSecrets } from './sinks/otlp/target.js';

/**
 * Every message of the action passes here: secrets out (each registered with the runner's masking once),
 * and untrusted text kept from starting a workflow command. `core.warning`/`core.error`/`core.setFailed`
 * escape their message onto one command line; `core.info` writes lines as they are, so those are wrapped.
 */
const secrets = new SecretRegistry((s) => core.setSecret(s));
const commandToken = randomUUID();
const io: Io = {
  info: (m) => core.info(workflowCommandSafe(secrets.message(m), commandToken)),
  warn: (m) => core.warning(secrets.message(m)),
  error: (m) => core.error(secrets.message(m)),
  secrets,
  // A job's log: plain lines on stderr, each one line that starts with words of ours (progress.ts).
  progress: new Progress({
    write: (text) => process.stderr.write(secrets.redact(text)),
    now: () => performance.now(),
    terminal: false,
  }),
};
const fail = (m: string): void => core.setFailed(secrets.message(m));
const output = (name: string, value: string): void => core.setOutput(name, secrets.redact(value));

export async function action(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const raw: RawValues = {};
    for (const p of PARAMETERS) {
      const value = p.kind === 'list' ? core.getMultilineInput(p.name) : core.getInput(p.name);
      if (p.secret && typeof value === 'string') secrets.add(value);
      raw[p.name] = value;
    }
    secrets.add(env.DD_API_KEY);
    secrets.add(env.GITHUB_TOKEN);
    for (const name of [
      'OTEL_EXPORTER_OTLP_HEADERS',
      'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
      'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
    ])
      secrets.add(env[name]);
    // A PostgreSQL history's password, from its URL or PGPASSWORD.
    for (const s of historySecrets(typeof raw.history === 'string' ? raw.history : null, env)) secrets.add(s);
    // The CLI's subcommand; by default check where there is a history, else emit.
    const asked = core.getInput('command');
    if (asked && !COMMANDS.includes(asked as Command))
      throw new InputError('action inputs', null, `command: expected one of ${COMMANDS.join(', ')}, got "${asked}"`);
    const command = (asked || (raw.history ? 'check' : 'emit')) as Command;
    const options = resolveOptions(command, raw, githubContextFromEnv(env), env, 'action');
    for (const p of PARAMETERS) if (p.secret) secrets.add(options[p.key] as string | null);
    // Each OTLP header's value (an API key), from the input or the OTEL_* variables.
    for (const s of otlpSecrets(options.otlp)) secrets.add(s);
    // The two functions, not the whole module: the bundle then leaves out what the action never calls.
    const shell: ShellFeatures = {
      annotations: {
        error: (m: string, props?: core.AnnotationProperties) => core.error(secrets.message(m), props),
        warning: (m: string, props?: core.AnnotationProperties) => core.warning(secrets.message(m), props),
      },
      jobSummary: true,
    };
    if (command === 'watch') return await watchStep(options, env, shell);
    if (command === 'site') return await siteStep(options, env);

    const result = await run(options, io, shell);
    const json = resultJson(result, options);
    const reportPath = options.json ?? join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
    await mkdir(join(reportPath, '..'), { recursive: true });
    const { replacedLink } = await writeFileAtomic(reportPath, secrets.redact(`${JSON.stringify(json, null, 2)}\n`));
    if (replacedLink) io.warn(replacedLinkWarning(reportPath));

    output('datagrams', String(result.statsd?.datagrams ?? 0));
    output('series', String(result.statsd?.series ?? 0));
    output('metrics-json', JSON.stringify(metricsOutput(result)));
    output('regression', String(result.gate.some((g) => g.regression)));
    output('verdict', jobVerdict(result.gate) ?? '');
    output('report-json', reportPath);
    output('report-html', result.report?.html ?? '');
    output('comment-url', result.report?.commentUrl ?? '');

    if (result.exitCode === 2) fail(`bad input: ${result.errors.join('; ')}`);
    else if (result.exitCode === 1 && result.gate.some((g) => g.regression))
      fail(
        `performance regression in ${result.gate
          .filter((g) => g.regression)
          .map((g) => g.experiment)
          .join(', ')}`,
      );
    else if (result.exitCode === 1)
      fail(
        `not judged (fail-on-not-judged): ${result.gate
          .filter((g) => g.verdict === 'not-judged')
          .map((g) => g.experiment)
          .join(', ')}`,
      );
  } catch (e) {
    fail(e instanceof InputError ? e.message : `internal error: ${(e as Error).stack ?? String(e)}`);
  }
}

/** `command: site`: the history's trend site into `site-output`, as the CLI's `history site` writes it. */
async function siteStep(options: Options, env: NodeJS.ProcessEnv): Promise<void> {
  const { siteFromStore } = await import('./cli/commands/history-site.js');
  const progress = options.quiet ? undefined : io.progress;
  io.info(
    await siteFromStore(options.history!, options.siteOutput!, env, {
      config: options.config,
      progress,
      warn: (m) => io.warn(m),
    }),
  );
}

/**
 * `command: watch`: the `run` input is one command line, run by bash as watch's child (as a `run:` step would
 * run it), through the same runWatch as the CLI's `watch -- COMMAND`. The exit code is the verdict: the
 * child's own when it failed, 1 when watch stopped it or on a regression.
 */
async function watchStep(options: Options, env: NodeJS.ProcessEnv, shell: ShellFeatures): Promise<void> {
  const line = core.getInput('run');
  if (!line)
    throw new InputError('action inputs', null, 'run: command watch needs the command line to run, e.g. ./train.sh');
  options.json ??= join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
  await mkdir(join(options.json, '..'), { recursive: true });
  // The training gets the environment a `run:` step would: not the action's inputs (the token among them).
  for (const name of Object.keys(env)) if (name.startsWith('INPUT_')) delete env[name];
  const { runWatch } = await import('./watch/run-watch.js');
  const code = await runWatch(options, ['bash', '-c', line], { ...io, secrets }, shell);
  const report = await readReport(options.json);
  output('report-json', options.json);
  output('regression', String(report.regression === true));
  output('verdict', typeof report.verdict === 'string' ? report.verdict : '');
  output('aborted', typeof report.aborted?.reason === 'string' ? report.aborted.reason : '');
  if (report.aborted) fail(`watch stopped the run: ${report.aborted.reason} at step ${report.aborted.step}`);
  else if (code === 2) fail('bad input: see the errors above');
  else if (code !== 0 && report.regression === true) fail('performance regression');
  else if (code === 1 && report.verdict === 'not-judged' && report.child?.exitCode === 0)
    fail('not judged (fail-on-not-judged): no gated metric could be judged');
  else if (code !== 0) fail(`the command in run failed with exit code ${code}`);
}

/** The watch report's fields the step's outputs name; an absent or unreadable file is an empty report. */
async function readReport(path: string): Promise<{
  regression?: unknown;
  verdict?: unknown;
  aborted?: { reason?: unknown; step?: unknown };
  child?: { exitCode?: unknown };
}> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return {};
  }
}

// A failed write to the runner's log is never a verdict (see cli/output-streams.ts).
const streams = new OutputStreams().guard();
void action().then(() => {
  if (streams.failure) process.exitCode = 2;
  endSoon();
});
