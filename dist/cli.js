#!/usr/bin/env node
import { randomUUID } from 'node:crypto';
import { i as SILENT, b as Progress, S as SecretRegistry, O as OutputStreams, p as parseOtlpHeaders, f as workflowCommandSafe, B as BISECT_SKIP, h as historySecrets, r as resolveOptions, g as githubContextFromEnv, P as PARAMETERS, o as otlpSecrets, a as run, c as resultJson, w as writeFileAtomic, d as replacedLinkWarning, I as InputError, k as commandsOf, C as COMMANDS, e as endSoon } from './chunks/postgres-url-BezLfty4.js';
import { T as TOOL_VERSION } from './chunks/version-C1BOJE61.js';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HISTORY_USAGE } from './chunks/history-BryXbcR6.js';
import 'node:fs';
import 'node:stream';
import 'stream';
import 'node:os';

/**
 * The progress a shell shows: in a terminal one line redrawn, in a CI log (`CI`, `GITHUB_ACTIONS`) or
 * when stderr is a file or a pipe plain lines; none with `--quiet`.
 */
function progressFromEnvironment(o) {
    if (o.quiet)
        return SILENT;
    const ci = Boolean(o.env.CI || o.env.GITHUB_ACTIONS);
    return new Progress({ write: o.write, now: o.now ?? (() => performance.now()), terminal: o.stderrIsTerminal && !ci });
}

/**
 * The CLI's Io: results on stdout, warnings and errors on stderr. Every message passes here, so this is
 * where secrets are taken out and where untrusted text (run, metric and file names, API error bodies) is
 * kept from starting a workflow command when the CLI runs in an Actions step.
 */
/** Environment variables the commands read secrets from. */
const SECRET_ENV = [
    'DD_API_KEY',
    'DD_APP_KEY',
    'DD_APPLICATION_KEY',
    'GITHUB_TOKEN',
    'GRAFANA_TOKEN',
    'PGPASSWORD',
    'OTEL_EXPORTER_OTLP_HEADERS',
    'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
    'OTEL_EXPORTER_OTLP_METRICS_HEADERS',
];
class ConsoleIo {
    streams;
    progressClock;
    secrets = new SecretRegistry();
    /** Unguessable, so untrusted text cannot end a stop-commands pair itself. */
    token = randomUUID();
    /** Progress of long work on stderr, once `showProgress` has said how (none until then). */
    progress = SILENT;
    /** `terminal`, `now`: what stderr is and what time it is, for progress (given by tests). */
    constructor(streams = new OutputStreams(), progressClock = {}) {
        this.streams = streams;
        this.progressClock = progressClock;
    }
    /**
     * Progress on stderr from here on: a redrawn line in a terminal, plain lines in a CI log; none with
     * `quiet`. Its text has its secrets taken out; it is one line that starts with words of ours.
     */
    showProgress(env, quiet) {
        this.progress = progressFromEnvironment({
            env,
            quiet,
            stderrIsTerminal: this.progressClock.terminal ?? process.stderr.isTTY === true,
            write: (text) => this.streams.write('stderr', this.secrets.redact(text)),
            ...(this.progressClock.now ? { now: this.progressClock.now } : {}),
        });
    }
    /** Register the secrets an environment holds (before anything is printed). */
    addSecretsFrom(env) {
        for (const name of SECRET_ENV)
            this.secrets.add(env[name]);
        // Each OTLP header's value too (an API key), as it would be printed alone.
        for (const name of SECRET_ENV.filter((n) => n.endsWith('_HEADERS')))
            for (const value of Object.values(parseOtlpHeaders(env[name] ?? '')))
                this.secrets.add(value);
    }
    info(message) {
        this.streams.write('stdout', `${this.safe(message)}\n`);
    }
    warn(message) {
        this.streams.write('stderr', `${this.safe(`warning: ${message}`)}\n`);
    }
    error(message) {
        this.streams.write('stderr', `${this.safe(`error: ${message}`)}\n`);
    }
    /**
     * Text printed as it is (help, a generated configuration meant for a file), secrets still taken out:
     * a stop-commands pair would end up inside the file it is redirected to.
     */
    print(text) {
        this.streams.write('stdout', this.secrets.redact(text));
    }
    /**
     * Data a command prints as its result (a history listed or exported): secrets taken out and kept from
     * starting a workflow command, but never cut, unlike a message.
     */
    data(text) {
        this.streams.write('stdout', workflowCommandSafe(this.secrets.redact(text), this.token));
    }
    safe(message) {
        return workflowCommandSafe(this.secrets.message(message), this.token);
    }
}

/**
 * `emit`, `record`, `check` and `post-comment`: flags → Options → run() → the JSON account (`--json`) →
 * exit code (0 pass, 1 regression, 2 bad input). Flags are the action's inputs, by the same names.
 */
/** `io.secrets`, where given, learns the run's secrets before anything is printed. */
async function runCommand(command, args, env, io) {
    // Every message is redacted at its source; this is the net under that, for the file the CLI writes itself.
    const redact = (text) => io.secrets?.redact(text) ?? text;
    // Under `git bisect run`, anything but a clean verdict is "skip" (125): exit 2 would read as "bad".
    const failed = command === 'check' && args.includes('--bisect') ? BISECT_SKIP : 2;
    let raw;
    try {
        raw = parseRunFlags(args);
        // The history URL may hold a database password: masked before anything can print it.
        for (const s of historySecrets(typeof raw.history === 'string' ? raw.history : null, env))
            io.secrets?.add(s);
    }
    catch (e) {
        io.error(`${e.message.split('\n')[0]} (see training-metrics-gate --help)`);
        return failed;
    }
    try {
        const opts = resolveOptions(command, raw, githubContextFromEnv(env), env, 'cli');
        for (const p of PARAMETERS)
            if (p.secret)
                io.secrets?.add(opts[p.key]);
        for (const s of otlpSecrets(opts.otlp))
            io.secrets?.add(s);
        for (const s of otlpSecrets(opts.otlp))
            io.secrets?.add(s);
        io.showProgress?.(env, opts.quiet);
        // Made before the run, so a bad --json path is found before anything is recorded.
        if (opts.json)
            await mkdir(dirname(resolve(opts.json)), { recursive: true }).catch(jsonError(opts.json));
        const result = await run(opts, io);
        if (opts.json) {
            const text = redact(`${JSON.stringify(resultJson(result, opts), null, 2)}\n`);
            const { replacedLink } = await writeFileAtomic(opts.json, text).catch(jsonError(opts.json));
            if (replacedLink)
                io.warn(replacedLinkWarning(opts.json));
        }
        return result.exitCode;
    }
    catch (e) {
        io.error(e instanceof InputError ? e.message : `internal error: ${e.stack ?? String(e)}`);
        return failed;
    }
}
/** One flag per parameter (`--no-<flag>` for each boolean), and `--pushgateway` for `--pushgateway-url`. */
function parseRunFlags(args) {
    const options = {};
    for (const p of PARAMETERS) {
        options[p.name] = { type: p.kind === 'boolean' ? 'boolean' : 'string', multiple: p.kind === 'list' };
    }
    options.pushgateway = { type: 'string' }; // the short spelling in examples
    for (const p of PARAMETERS.filter((q) => q.kind === 'boolean'))
        options[`no-${p.name}`] = { type: 'boolean' };
    const parsed = parseArgs({ args, options, allowPositionals: false, strict: true });
    const raw = { ...parsed.values };
    if (raw.pushgateway && !raw['pushgateway-url'])
        raw['pushgateway-url'] = raw.pushgateway;
    for (const p of PARAMETERS.filter((q) => q.kind === 'boolean'))
        if (raw[`no-${p.name}`])
            raw[p.name] = false;
    return raw;
}
const jsonError = (path) => (e) => {
    throw new InputError(path, null, `cannot write the JSON report: ${e.code ?? e.message}`);
};

const GRAFANA_FLAGS = '[--source pushgateway|statsd-exporter|watch] [--csv FILE]… [--config FILE] [--prefix P] [--datasource-uid UID] [--tempo-datasource-uid UID] [--title T] [--uid U] [--no-gate] [--gpu] [--apply [--grafana-url URL] [--folder-uid UID]]';
const CALIBRATE_FLAGS = '(--csv A.csv --csv B.csv … | --history H --experiment NAME) [--config FILE] [--false-alarm-rate 0.01] [--quiet]';
const MAPPING_FLAGS = '[--csv FILE]… [--config FILE] [--prefix P]';
const DATADOG_FLAGS = '[--source dogstatsd|api] [--prefix P] [--csv FILE]… [--config FILE] [--model-tag model] [--notify @handle] [--title T] [--apply [--datadog-url URL]]';
/** A flag as `--help` lists it: name, what it takes, its line and its default. */
function flagLine(p) {
    const arg = p.kind === 'boolean'
        ? ''
        : p.choices
            ? ` ${p.choices.join('|')}`
            : p.kind === 'number'
                ? ' N'
                : p.kind === 'tags'
                    ? ' k:v,…'
                    : ' VALUE';
    const fallback = p.defaultText ? ` (default: ${p.defaultText.replace(/`/g, '')})` : '';
    return `  --${p.name}${arg}${p.kind === 'list' ? ' (repeatable)' : ''}\n      ${p.description}${fallback}`;
}
/** How each command that runs the job is called. */
const USAGE = {
    emit: 'training-metrics-gate emit   (--csv FILE [--csv FILE …] | --metadata FILE) [flags]',
    record: 'training-metrics-gate record --history H.json --experiment NAME --csv A.csv [--csv B.csv …]',
    check: 'training-metrics-gate check  --history H.json --experiment NAME --csv C.csv [--json OUT.json] [--markdown OUT.md] [--html OUT.html]',
    'post-comment': `training-metrics-gate post-comment --comment-file comment.json [--github-token T] [--comment always|on-regression]
      (posts a comment a pull request's run wrote with --comment-file: pull requests from forks)`,
    watch: `training-metrics-gate watch  (--csv FILE|GLOB … | --metadata FILE) --experiment NAME [--listen HOST:PORT]
                               [--abort-on nan,divergence,stall,collapse] [flags] -- COMMAND [ARGS…]
      (runs COMMAND, serves live /metrics, stops it on a NaN loss, divergence, stall or collapse; then the
      normal job on its files; exit 1 when stopped, else the command's code when it failed; docs/watch.md)`,
    site: `training-metrics-gate site   --history H --site-output DIR [--config FILE]
      (the trend site of the history, the same as history site --history H --output DIR; docs/site.md)`,
};
const CALIBRATE_USAGE = `training-metrics-gate calibrate ${CALIBRATE_FLAGS}
      (repeated runs of the same code → the config's minimum effects, warm-up and gate.alpha, as YAML)`;
const EXIT_CODES = 'Exit codes: 0 pass, 1 regression, 2 bad input; check --bisect: 0 good, 1 bad, 125 skip (git bisect run).';
/** The whole `--help` text; `generators` maps each generator command to its usage line. */
function helpText(generators) {
    return `training-metrics-gate — training metrics CSVs → StatsD / Prometheus / Datadog, and a regression gate

Usage:
${Object.values(USAGE)
        .map((u) => `  ${u}`)
        .join('\n')}
  ${CALIBRATE_USAGE}
${Object.entries(generators)
        .map(([name, g]) => `  training-metrics-gate ${name} ${g.usage}`)
        .join('\n')}

${EXIT_CODES}

Flags (each is also an action input of the same name; a boolean flag also has a --no-<flag> form,
e.g. --no-fail-on-regression, and --pushgateway is short for --pushgateway-url):
${PARAMETERS.map(flagLine).join('\n')}
`;
}
/**
 * `<command> --help`: how that command is called and the flags it takes, with their defaults; for the
 * subcommands of history, dashboard, monitors and mapping, their own usage. Null for an unknown command.
 */
function commandHelp(command, generators) {
    if (command in USAGE) {
        const c = command;
        const flags = PARAMETERS.filter((p) => commandsOf(p).includes(c));
        const codes = c === 'check' ? EXIT_CODES : 'Exit codes: 0 pass, 1 regression, 2 bad input.';
        return `Usage:\n  ${USAGE[c]}\n\n${codes}\n\nFlags of ${c} (a boolean flag also has a --no-<flag> form):\n${flags.map(flagLine).join('\n')}\n`;
    }
    if (command === 'calibrate')
        return `Usage:\n  ${CALIBRATE_USAGE}\n`;
    if (generators[command])
        return `Usage:\n  training-metrics-gate ${command} ${generators[command].usage}\n`;
    return null;
}

/**
 * The commands that print generated configuration (statsd_exporter mapping, Grafana and Datadog
 * dashboards, Datadog monitors) from the same naming module the sinks use: `<command> <target> [flags]`.
 * Each target's file (commands/<command>-<target>.ts) is loaded only when it runs.
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
const GENERATORS = {
    dashboard: byTarget('dashboard', {
        grafana: {
            usage: `grafana ${GRAFANA_FLAGS}`,
            run: async (args, env) => (await import('./chunks/dashboard-grafana-DB0YUK5v.js').then(function (n) { return n.d; })).dashboardGrafana(args, env),
        },
        datadog: {
            usage: `datadog ${DATADOG_FLAGS}`,
            run: async (args, env) => (await import('./chunks/dashboard-datadog-DmIXI22r.js')).dashboardDatadog(args, env),
        },
    }),
    monitors: byTarget('monitors', {
        datadog: {
            usage: `datadog ${DATADOG_FLAGS}`,
            run: async (args, env) => (await import('./chunks/monitors-datadog-B2sH5ayX.js')).monitorsDatadog(args, env),
        },
    }),
    mapping: byTarget('mapping', {
        'statsd-exporter': {
            usage: `statsd-exporter ${MAPPING_FLAGS}`,
            run: async (args) => (await import('./chunks/mapping-statsd-exporter-D0GWBBN8.js')).mappingStatsdExporter(args),
        },
    }),
};
/** Run a generator command and print what it made; a bad flag or a refused API call is exit code 2. */
async function generate(command, args, env, io) {
    const g = GENERATORS[command];
    try {
        const text = await g.run(args, env);
        io.print(text.endsWith('\n') ? text : `${text}\n`);
        return 0;
    }
    catch (e) {
        io.error(e instanceof InputError ? e.message : `${command}: ${e.message}`);
        return 2;
    }
}

/**
 * The database passwords a command line holds: every `--history`, `--from` and `--to` value (read before
 * the flags are parsed, so a bad flag's message cannot show one either), and PGPASSWORD.
 */
function historyArgSecrets(args, env) {
    const specs = args.flatMap((a, i) => {
        const m = /^--(history|from|to)=(.*)$/s.exec(a);
        if (m)
            return [m[2]];
        return /^--(history|from|to)$/.test(a) && args[i + 1] !== undefined ? [args[i + 1]] : [];
    });
    return [...historySecrets(null, env), ...specs.flatMap((spec) => historySecrets(spec))];
}

/**
 * The `training-metrics-gate` command: the first argument picks the command, whose file does the rest —
 * commands/run.ts for the commands that run the engine (emit, record, check, post-comment), generators.ts
 * for those that print configuration (mapping, dashboard, monitors).
 */
/** `io`: the bin passes one whose streams are guarded (cli.ts); tests call main with the default. */
async function main(argv, env, io = new ConsoleIo()) {
    io.addSecretsFrom(env);
    for (const secret of historyArgSecrets(argv, env))
        io.secrets.add(secret);
    const [command, ...rest] = argv;
    // Under `git bisect run` anything but a verdict is "skip", a lost output included (output-streams.ts).
    if (command === 'check' && rest.includes('--bisect'))
        io.streams.failureCode = BISECT_SKIP;
    if (!command || command === 'help' || command === '--help' || command === '-h') {
        io.print(helpText({ ...GENERATORS, history: { usage: HISTORY_USAGE } }));
        return command ? 0 : 2;
    }
    if (command === '--version') {
        io.print(`training-metrics-gate ${TOOL_VERSION}\n`);
        return 0;
    }
    // `check --help`, `history list -h`: the help, exit 0 (not flags after `--`, which are watch's command's).
    const own = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
    if (own.includes('--help') || own.includes('-h')) {
        const generators = { ...GENERATORS, history: { usage: HISTORY_USAGE } };
        // `dashboard grafana --help`: the generator's own usage; an unknown command gets the whole help.
        const sub = own[0] && !own[0].startsWith('-') ? `${command} ${own[0]}` : command;
        io.print(commandHelp(sub, generators) ?? commandHelp(command, generators) ?? helpText(generators));
        return 0;
    }
    if (GENERATORS[command])
        return generate(command, rest, env, io);
    if (command === 'history')
        return (await import('./chunks/history-BryXbcR6.js')).runHistory(rest, env, io);
    if (command === 'watch')
        return (await import('./chunks/watch-CvfUDQMT.js')).watchCommand(rest, env, io);
    if (command === 'site')
        return (await import('./chunks/history-BryXbcR6.js')).runHistory(['site', ...rest], env, io);
    if (command === 'calibrate')
        return (await import('./chunks/calibrate-CaFv_m2F.js')).calibrateCommand(rest, io, env);
    if (!COMMANDS.includes(command)) {
        const known = [...COMMANDS, ...Object.keys(GENERATORS), 'history', 'watch', 'calibrate'];
        const near = known.find((k) => editDistance(k, command) <= 2);
        io.error(`unknown command "${command}"${near ? `; did you mean "${near}"?` : ''} (${known.join(', ')}); see --help`);
        return 2;
    }
    return runCommand(command, rest, env, io);
}
/** Levenshtein distance, for "did you mean" (two short words: quadratic is nothing here). */
function editDistance(a, b) {
    if (Math.abs(a.length - b.length) > 2 || b.length > 64)
        return 3;
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
        const row = [i];
        for (let j = 1; j <= b.length; j++)
            row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = row;
    }
    return prev[b.length];
}

/** The `training-metrics-gate` bin: a thin shell over main() (see cli/main.ts). */
// A closed pipe (`… --dry-run | head`) ends the output, not the run: the verdict, the history and the
// exit code still come out as they would have. Any other failed write makes the exit code 2 (output-streams.ts).
const streams = new OutputStreams().guard();
const io = new ConsoleIo(streams);
main(process.argv.slice(2), process.env, io).then((code) => {
    process.exitCode = streams.exitCode(code);
    endSoon();
}, (e) => {
    io.error(`internal error: ${e.stack ?? String(e)}`);
    process.exitCode = streams.failureCode;
    endSoon();
});
// A write error is reported a tick after the write: look again as the process ends.
process.on('exit', () => {
    if (streams.failure)
        process.exitCode = streams.failureCode;
});

export { CALIBRATE_FLAGS as C, DATADOG_FLAGS as D, GRAFANA_FLAGS as G, MAPPING_FLAGS as M, parseRunFlags as p };
