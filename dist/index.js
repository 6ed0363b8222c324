import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { g as getMultilineInput, a as getInput, s as setSecret, c as core, b as setOutput, d as setFailed, e as error, w as warning, i as info } from './chunks/core-CdzB3li3.js';
import { P as PARAMETERS, C as COMMANDS, I as InputError, r as resolveOptions, g as githubContextFromEnv, a as run, b as resultJson } from './chunks/run-vaJ9R90s.js';
import 'os';
import 'crypto';
import 'fs';
import 'path';
import 'http';
import 'https';
import './chunks/index-2-uUkxtp.js';
import 'net';
import 'tls';
import 'events';
import 'assert';
import 'util';
import 'node:assert';
import 'node:net';
import 'node:http';
import 'node:stream';
import 'node:buffer';
import 'node:util';
import 'node:querystring';
import 'node:events';
import 'node:diagnostics_channel';
import 'node:tls';
import 'node:zlib';
import 'node:perf_hooks';
import 'node:util/types';
import 'node:worker_threads';
import 'node:url';
import 'node:async_hooks';
import 'node:console';
import 'node:dns';
import 'string_decoder';
import 'child_process';
import 'timers';
import 'node:fs';

/**
 * The GitHub Action: inputs → Options → run() → outputs. Inputs are named like the CLI's flags.
 * Outputs: datagrams, series, metrics-json, regression, report-json, report-html, comment-url.
 */
const io = {
    info: (m) => info(m),
    warn: (m) => warning(m),
    error: (m) => error(m),
};
async function action(env = process.env) {
    try {
        const raw = {};
        for (const p of PARAMETERS) {
            const value = p.kind === 'list' ? getMultilineInput(p.name) : getInput(p.name);
            if (p.secret && typeof value === 'string' && value)
                setSecret(value);
            raw[p.name] = value;
        }
        if (env.DD_API_KEY)
            setSecret(env.DD_API_KEY);
        // The CLI's subcommand; by default check where there is a history, else emit.
        const asked = getInput('command');
        if (asked && !COMMANDS.includes(asked))
            throw new InputError('action inputs', null, `command: expected one of ${COMMANDS.join(', ')}, got "${asked}"`);
        const command = (asked || (raw.history ? 'check' : 'emit'));
        const options = resolveOptions(command, raw, githubContextFromEnv(env), env, 'action');
        if (options.githubToken)
            setSecret(options.githubToken);
        const result = await run(options, io, { annotations: core, jobSummary: true });
        const json = resultJson(result, options);
        const reportPath = options.json ?? join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
        await mkdir(join(reportPath, '..'), { recursive: true });
        await writeFile(reportPath, JSON.stringify(json, null, 2) + '\n');
        setOutput('datagrams', String(result.statsd?.datagrams ?? 0));
        setOutput('series', String(result.statsd?.series ?? 0));
        setOutput('metrics-json', JSON.stringify(metricsOutput(result)));
        setOutput('regression', String(result.gate.some((g) => g.regression)));
        setOutput('report-json', reportPath);
        setOutput('report-html', result.report?.html ?? '');
        setOutput('comment-url', result.report?.commentUrl ?? '');
        if (result.exitCode === 2)
            setFailed(`bad input: ${result.errors.join('; ')}`);
        else if (result.exitCode === 1)
            setFailed(`performance regression in ${result.gate.filter((g) => g.regression).map((g) => g.experiment).join(', ')}`);
    }
    catch (e) {
        setFailed(e instanceof InputError ? e.message : `internal error: ${e.stack ?? String(e)}`);
    }
}
/** A compact per-run view for later steps: steady-state medians and last values by metric. */
function metricsOutput(result) {
    const out = {};
    for (const s of result.summaries) {
        const row = {};
        for (const m of s.metrics)
            row[m.name] = m.loss ? m.loss.final : (m.steady?.median ?? (Number.isFinite(m.last) ? m.last : null));
        out[s.name] = row;
    }
    return out;
}
void action();

export { action };
