#!/usr/bin/env node
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { I as InputError, C as COMMANDS, P as PARAMETERS, r as resolveOptions, g as githubContextFromEnv, a as run, b as resultJson } from './chunks/run-CjJjJVbh.js';
import 'node:fs';
import 'node:stream';

/**
 * The generator subcommands' flags, written once: `--help` lists them without loading the generators, and
 * each generator repeats them in its own usage errors.
 */
const GRAFANA_FLAGS = '[--source pushgateway|statsd-exporter] [--csv FILE]… [--config FILE] [--prefix P] [--datasource-uid UID] [--title T] [--uid U] [--no-gate] [--gpu] [--apply [--grafana-url URL] [--folder-uid UID]]';
const MAPPING_FLAGS = '[--csv FILE]… [--config FILE] [--prefix P]';
const DATADOG_FLAGS = '[--source dogstatsd|api] [--prefix P] [--csv FILE] [--config FILE] [--model-tag model] [--notify @handle] [--title T] [--apply [--datadog-url URL]]';

/**
 * Subcommands that print generated configuration (statsd_exporter mapping, Grafana and Datadog
 * dashboards, Datadog monitors) from the same naming module the sinks use. Each target module is
 * loaded only when its subcommand runs.
 */
function byTarget(command, targets) {
    return {
        usage: Object.values(targets)
            .map((t) => t.usage)
            .join(`\n  training-metrics-gate ${command} `),
        async run(args, env) {
            const [target, ...rest] = args;
            const t = target ? targets[target] : undefined;
            if (!t)
                throw new InputError(command, null, `say which: ${Object.keys(targets).join(' or ')} (e.g. ${command} ${Object.keys(targets)[0]})`);
            return t.run(rest, env);
        },
    };
}
const DATADOG_USAGE = `datadog ${DATADOG_FLAGS}`;
const datadog = (what) => async (args, env) => (await import('./chunks/datadog-cli-B8UXRy4I.js')).runDatadogGenerator(what, args, env, `${what} ${DATADOG_USAGE}`);
const prometheus = async () => import('./chunks/prometheus-generators-BqKJjiPX.js');
const GENERATORS = {
    dashboard: byTarget('dashboard', {
        grafana: {
            usage: `grafana ${GRAFANA_FLAGS}`,
            run: async (a, env) => (await prometheus()).GRAFANA_GENERATOR.run(a, env),
        },
        datadog: { usage: DATADOG_USAGE, run: datadog('dashboard') },
    }),
    monitors: byTarget('monitors', {
        datadog: { usage: DATADOG_USAGE, run: datadog('monitors') },
    }),
    mapping: byTarget('mapping', {
        'statsd-exporter': {
            usage: `statsd-exporter ${MAPPING_FLAGS}`,
            run: async (a, env) => (await prometheus()).MAPPING_GENERATOR.run(['statsd-exporter', ...a], env),
        },
    }),
};
async function generate(command, args, env, io) {
    const g = GENERATORS[command];
    try {
        const text = await g.run(args, env);
        process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
        return 0;
    }
    catch (e) {
        io.error(e instanceof InputError ? e.message : `${command}: ${e.message}`);
        return 2;
    }
}

/**
 * The `training-metrics-gate` command: flags → Options → run() → exit code
 * (0 pass, 1 regression, 2 bad input). Flags are named like the action's inputs.
 */
const io = {
    info: (m) => process.stdout.write(`${m}\n`),
    warn: (m) => process.stderr.write(`warning: ${m}\n`),
    error: (m) => process.stderr.write(`error: ${m}\n`),
};
async function main(argv, env) {
    const [command, ...rest] = argv;
    if (!command || command === 'help' || command === '--help' || command === '-h') {
        process.stdout.write(usage());
        return command ? 0 : 2;
    }
    if (command === '--version') {
        process.stdout.write('training-metrics-gate 0.1.0\n');
        return 0;
    }
    if (GENERATORS[command])
        return generate(command, rest, env, io);
    if (!COMMANDS.includes(command)) {
        io.error(`unknown command "${command}" (${[...COMMANDS, ...Object.keys(GENERATORS)].join(', ')}); see --help`);
        return 2;
    }
    const options = {};
    for (const p of PARAMETERS) {
        options[p.name] = { type: p.kind === 'boolean' ? 'boolean' : 'string', multiple: p.kind === 'list' };
    }
    options['pushgateway'] = { type: 'string' }; // the short spelling in examples
    for (const p of PARAMETERS.filter((q) => q.kind === 'boolean'))
        options[`no-${p.name}`] = { type: 'boolean' };
    let raw;
    try {
        const parsed = parseArgs({ args: rest, options, allowPositionals: false, strict: true });
        raw = { ...parsed.values };
        if (raw.pushgateway && !raw['pushgateway-url'])
            raw['pushgateway-url'] = raw.pushgateway;
        for (const p of PARAMETERS.filter((q) => q.kind === 'boolean'))
            if (raw[`no-${p.name}`])
                raw[p.name] = false;
    }
    catch (e) {
        io.error(`${e.message.split('\n')[0]} (see training-metrics-gate --help)`);
        return 2;
    }
    try {
        const opts = resolveOptions(command, raw, githubContextFromEnv(env), env, 'cli');
        // Made before the run, so a bad --json path is found before anything is recorded.
        if (opts.json)
            await mkdir(dirname(resolve(opts.json)), { recursive: true }).catch((e) => {
                throw new InputError(opts.json, null, `cannot write the JSON report: ${e.code ?? e.message}`);
            });
        const result = await run(opts, io);
        if (opts.json) {
            await writeFile(opts.json, JSON.stringify(resultJson(result, opts), null, 2) + '\n').catch((e) => {
                throw new InputError(opts.json, null, `cannot write the JSON report: ${e.code ?? e.message}`);
            });
        }
        return result.exitCode;
    }
    catch (e) {
        if (e instanceof InputError) {
            io.error(e.message);
            return 2;
        }
        io.error(`internal error: ${e.stack ?? String(e)}`);
        return 2;
    }
}
function usage() {
    const flags = PARAMETERS.map((p) => {
        const arg = p.kind === 'boolean' ? '' : p.choices ? ` ${p.choices.join('|')}` : p.kind === 'number' ? ' N' : p.kind === 'tags' ? ' k:v,…' : ' VALUE';
        return `  --${p.name}${arg}${p.kind === 'list' ? ' (repeatable)' : ''}\n      ${p.description}`;
    }).join('\n');
    return `training-metrics-gate — training metrics CSVs → StatsD / Prometheus / Datadog, and a regression gate

Usage:
  training-metrics-gate emit   (--csv FILE [--csv FILE …] | --metadata FILE) [flags]
  training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]
  training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json] [--markdown OUT.md] [--html OUT.html]
  training-metrics-gate post-comment --comment-file comment.json [--github-token T] [--comment always|on-regression]
      (posts a comment a pull request's run wrote with --comment-file: pull requests from forks)
${Object.entries(GENERATORS).map(([name, g]) => `  training-metrics-gate ${name} ${g.usage}`).join('\n')}

Exit codes: 0 pass, 1 regression, 2 bad input.

Flags (each is also an action input of the same name; a boolean flag also has a --no-<flag> form,
e.g. --no-fail-on-regression, and --pushgateway is short for --pushgateway-url):
${flags}
`;
}

/** The `training-metrics-gate` bin: a thin shell over main() (see cli/main.ts). */
// A closed pipe (`… --dry-run | head`) ends the output, not the run: the verdict, the history and the
// exit code still come out as they would have.
process.stdout.on('error', (e) => {
    if (e.code !== 'EPIPE')
        throw e;
    process.stdout.write = (() => true);
});
main(process.argv.slice(2), process.env).then((code) => {
    process.exitCode = code;
}, (e) => {
    process.stderr.write(`error: internal error: ${e.stack ?? String(e)}\n`);
    process.exitCode = 2;
});

export { GRAFANA_FLAGS as G, MAPPING_FLAGS as M };
