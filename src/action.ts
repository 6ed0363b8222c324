/**
 * The GitHub Action: inputs → Options → run() → outputs. Inputs are named like the CLI's flags.
 * Outputs: datagrams, series, metrics-json, regression, report-json, report-html, comment-url.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { InputError } from './model.js';
import { COMMANDS, githubContextFromEnv, type Command } from './options.js';
import { PARAMETERS, resolveOptions, type RawValues } from './parameters.js';
import { metricsOutput, resultJson } from './result-json.js';
import { run, type Io } from './run.js';

const io: Io = {
  info: (m) => core.info(m),
  warn: (m) => core.warning(m),
  error: (m) => core.error(m),
};

export async function action(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const raw: RawValues = {};
    for (const p of PARAMETERS) {
      const value = p.kind === 'list' ? core.getMultilineInput(p.name) : core.getInput(p.name);
      if (p.secret && typeof value === 'string' && value) core.setSecret(value);
      raw[p.name] = value;
    }
    if (env.DD_API_KEY) core.setSecret(env.DD_API_KEY);
    // The CLI's subcommand; by default check where there is a history, else emit.
    const asked = core.getInput('command');
    if (asked && !COMMANDS.includes(asked as Command))
      throw new InputError('action inputs', null, `command: expected one of ${COMMANDS.join(', ')}, got "${asked}"`);
    const command = (asked || (raw.history ? 'check' : 'emit')) as Command;
    const options = resolveOptions(command, raw, githubContextFromEnv(env), env, 'action');
    if (options.githubToken) core.setSecret(options.githubToken);

    // The two functions, not the whole module: the bundle then leaves out what the action never calls.
    const result = await run(options, io, {
      annotations: { error: core.error, warning: core.warning },
      jobSummary: true,
    });
    const json = resultJson(result, options);
    const reportPath = options.json ?? join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
    await mkdir(join(reportPath, '..'), { recursive: true });
    await writeFile(reportPath, `${JSON.stringify(json, null, 2)}\n`);

    core.setOutput('datagrams', String(result.statsd?.datagrams ?? 0));
    core.setOutput('series', String(result.statsd?.series ?? 0));
    core.setOutput('metrics-json', JSON.stringify(metricsOutput(result)));
    core.setOutput('regression', String(result.gate.some((g) => g.regression)));
    core.setOutput('report-json', reportPath);
    core.setOutput('report-html', result.report?.html ?? '');
    core.setOutput('comment-url', result.report?.commentUrl ?? '');

    if (result.exitCode === 2) core.setFailed(`bad input: ${result.errors.join('; ')}`);
    else if (result.exitCode === 1)
      core.setFailed(
        `performance regression in ${result.gate
          .filter((g) => g.regression)
          .map((g) => g.experiment)
          .join(', ')}`,
      );
  } catch (e) {
    core.setFailed(e instanceof InputError ? e.message : `internal error: ${(e as Error).stack ?? String(e)}`);
  }
}

void action();
