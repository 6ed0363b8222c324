import { mkdir, readFile } from 'node:fs/promises';
import { O as OutputStreams, e as endSoon, P as PARAMETERS, S as SecretRegistry, h as historySecrets, C as COMMANDS, I as InputError, r as resolveOptions, g as githubContextFromEnv, o as otlpSecrets, a as run, b as Progress, c as resultJson, w as writeFileAtomic, d as replacedLinkWarning, m as metricsOutput, j as jobVerdict, f as workflowCommandSafe } from './chunks/postgres-url-BezLfty4.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import * as os from 'os';
import * as crypto from 'crypto';
import * as fs from 'fs';
import 'path';
import 'node:fs';
import 'node:stream';
import 'stream';

// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
/**
 * Sanitizes an input into a string so it can be passed into issueCommand safely
 * @param input input to sanitize into a string
 */
function toCommandValue(input) {
    if (input === null || input === undefined) {
        return '';
    }
    else if (typeof input === 'string' || input instanceof String) {
        return input;
    }
    return JSON.stringify(input);
}
/**
 *
 * @param annotationProperties
 * @returns The command properties to send with the actual annotation command
 * See IssueCommandProperties: https://github.com/actions/runner/blob/main/src/Runner.Worker/ActionCommandManager.cs#L646
 */
function toCommandProperties(annotationProperties) {
    if (!Object.keys(annotationProperties).length) {
        return {};
    }
    return {
        title: annotationProperties.title,
        file: annotationProperties.file,
        line: annotationProperties.startLine,
        endLine: annotationProperties.endLine,
        col: annotationProperties.startColumn,
        endColumn: annotationProperties.endColumn
    };
}

/**
 * Issues a command to the GitHub Actions runner
 *
 * @param command - The command name to issue
 * @param properties - Additional properties for the command (key-value pairs)
 * @param message - The message to include with the command
 * @remarks
 * This function outputs a specially formatted string to stdout that the Actions
 * runner interprets as a command. These commands can control workflow behavior,
 * set outputs, create annotations, mask values, and more.
 *
 * Command Format:
 *   ::name key=value,key=value::message
 *
 * @example
 * ```typescript
 * // Issue a warning annotation
 * issueCommand('warning', {}, 'This is a warning message');
 * // Output: ::warning::This is a warning message
 *
 * // Set an environment variable
 * issueCommand('set-env', { name: 'MY_VAR' }, 'some value');
 * // Output: ::set-env name=MY_VAR::some value
 *
 * // Add a secret mask
 * issueCommand('add-mask', {}, 'secretValue123');
 * // Output: ::add-mask::secretValue123
 * ```
 *
 * @internal
 * This is an internal utility function that powers the public API functions
 * such as setSecret, warning, error, and exportVariable.
 */
function issueCommand(command, properties, message) {
    const cmd = new Command(command, properties, message);
    process.stdout.write(cmd.toString() + os.EOL);
}
const CMD_STRING = '::';
class Command {
    constructor(command, properties, message) {
        if (!command) {
            command = 'missing.command';
        }
        this.command = command;
        this.properties = properties;
        this.message = message;
    }
    toString() {
        let cmdStr = CMD_STRING + this.command;
        if (this.properties && Object.keys(this.properties).length > 0) {
            cmdStr += ' ';
            let first = true;
            for (const key in this.properties) {
                if (this.properties.hasOwnProperty(key)) {
                    const val = this.properties[key];
                    if (val) {
                        if (first) {
                            first = false;
                        }
                        else {
                            cmdStr += ',';
                        }
                        cmdStr += `${key}=${escapeProperty(val)}`;
                    }
                }
            }
        }
        cmdStr += `${CMD_STRING}${escapeData(this.message)}`;
        return cmdStr;
    }
}
function escapeData(s) {
    return toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A');
}
function escapeProperty(s) {
    return toCommandValue(s)
        .replace(/%/g, '%25')
        .replace(/\r/g, '%0D')
        .replace(/\n/g, '%0A')
        .replace(/:/g, '%3A')
        .replace(/,/g, '%2C');
}

// For internal use, subject to change.
// We use any as a valid input type
/* eslint-disable @typescript-eslint/no-explicit-any */
function issueFileCommand(command, message) {
    const filePath = process.env[`GITHUB_${command}`];
    if (!filePath) {
        throw new Error(`Unable to find environment variable for file command ${command}`);
    }
    if (!fs.existsSync(filePath)) {
        throw new Error(`Missing file at path: ${filePath}`);
    }
    fs.appendFileSync(filePath, `${toCommandValue(message)}${os.EOL}`, {
        encoding: 'utf8'
    });
}
function prepareKeyValueMessage(key, value) {
    const delimiter = `ghadelimiter_${crypto.randomUUID()}`;
    const convertedValue = toCommandValue(value);
    // These should realistically never happen, but just in case someone finds a
    // way to exploit uuid generation let's not allow keys or values that contain
    // the delimiter.
    if (key.includes(delimiter)) {
        throw new Error(`Unexpected input: name should not contain the delimiter "${delimiter}"`);
    }
    if (convertedValue.includes(delimiter)) {
        throw new Error(`Unexpected input: value should not contain the delimiter "${delimiter}"`);
    }
    return `${key}<<${delimiter}${os.EOL}${convertedValue}${os.EOL}${delimiter}`;
}

(undefined && undefined.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
/**
 * The code to exit an action
 */
var ExitCode;
(function (ExitCode) {
    /**
     * A code indicating that the action was successful
     */
    ExitCode[ExitCode["Success"] = 0] = "Success";
    /**
     * A code indicating that the action was a failure
     */
    ExitCode[ExitCode["Failure"] = 1] = "Failure";
})(ExitCode || (ExitCode = {}));
/**
 * Registers a secret which will get masked from logs
 *
 * @param secret - Value of the secret to be masked
 * @remarks
 * This function instructs the Actions runner to mask the specified value in any
 * logs produced during the workflow run. Once registered, the secret value will
 * be replaced with asterisks (***) whenever it appears in console output, logs,
 * or error messages.
 *
 * This is useful for protecting sensitive information such as:
 * - API keys
 * - Access tokens
 * - Authentication credentials
 * - URL parameters containing signatures (SAS tokens)
 *
 * Note that masking only affects future logs; any previous appearances of the
 * secret in logs before calling this function will remain unmasked.
 *
 * @example
 * ```typescript
 * // Register an API token as a secret
 * const apiToken = "abc123xyz456";
 * setSecret(apiToken);
 *
 * // Now any logs containing this value will show *** instead
 * console.log(`Using token: ${apiToken}`); // Outputs: "Using token: ***"
 * ```
 */
function setSecret(secret) {
    issueCommand('add-mask', {}, secret);
}
/**
 * Gets the value of an input.
 * Unless trimWhitespace is set to false in InputOptions, the value is also trimmed.
 * Returns an empty string if the value is not defined.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string
 */
function getInput(name, options) {
    const val = process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
    return val.trim();
}
/**
 * Gets the values of an multiline input.  Each value is also trimmed.
 *
 * @param     name     name of the input to get
 * @param     options  optional. See InputOptions.
 * @returns   string[]
 *
 */
function getMultilineInput(name, options) {
    const inputs = getInput(name)
        .split('\n')
        .filter(x => x !== '');
    return inputs.map(input => input.trim());
}
/**
 * Sets the value of an output.
 *
 * @param     name     name of the output to set
 * @param     value    value to store. Non-string values will be converted to a string via JSON.stringify
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function setOutput(name, value) {
    const filePath = process.env['GITHUB_OUTPUT'] || '';
    if (filePath) {
        return issueFileCommand('OUTPUT', prepareKeyValueMessage(name, value));
    }
    process.stdout.write(os.EOL);
    issueCommand('set-output', { name }, toCommandValue(value));
}
//-----------------------------------------------------------------------
// Results
//-----------------------------------------------------------------------
/**
 * Sets the action status to failed.
 * When the action exits it will be with an exit code of 1
 * @param message add error issue message
 */
function setFailed(message) {
    process.exitCode = ExitCode.Failure;
    error(message);
}
/**
 * Adds an error issue
 * @param message error issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function error(message, properties = {}) {
    issueCommand('error', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Adds a warning issue
 * @param message warning issue message. Errors will be converted to string via toString()
 * @param properties optional properties to add to the annotation.
 */
function warning(message, properties = {}) {
    issueCommand('warning', toCommandProperties(properties), message instanceof Error ? message.toString() : message);
}
/**
 * Writes info to log with console.log.
 * @param message info message
 */
function info(message) {
    process.stdout.write(message + os.EOL);
}

/**
 * The GitHub Action: inputs → Options → run() → outputs. Inputs are named like the CLI's flags.
 * Outputs: datagrams, series, metrics-json, regression, verdict, report-json, report-html, comment-url;
 * with `command: watch`, report-json, regression, verdict and aborted.
 */
/**
 * Every message of the action passes here: secrets out (each registered with the runner's masking once),
 * and untrusted text kept from starting a workflow command. `core.warning`/`core.error`/`core.setFailed`
 * escape their message onto one command line; `core.info` writes lines as they are, so those are wrapped.
 */
const secrets = new SecretRegistry((s) => setSecret(s));
const commandToken = randomUUID();
const io = {
    info: (m) => info(workflowCommandSafe(secrets.message(m), commandToken)),
    warn: (m) => warning(secrets.message(m)),
    error: (m) => error(secrets.message(m)),
    secrets,
    // A job's log: plain lines on stderr, each one line that starts with words of ours (progress.ts).
    progress: new Progress({
        write: (text) => process.stderr.write(secrets.redact(text)),
        now: () => performance.now(),
        terminal: false,
    }),
};
const fail = (m) => setFailed(secrets.message(m));
const output = (name, value) => setOutput(name, secrets.redact(value));
async function action(env = process.env) {
    try {
        const raw = {};
        for (const p of PARAMETERS) {
            const value = p.kind === 'list' ? getMultilineInput(p.name) : getInput(p.name);
            if (p.secret && typeof value === 'string')
                secrets.add(value);
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
        for (const s of historySecrets(typeof raw.history === 'string' ? raw.history : null, env))
            secrets.add(s);
        // The CLI's subcommand; by default check where there is a history, else emit.
        const asked = getInput('command');
        if (asked && !COMMANDS.includes(asked))
            throw new InputError('action inputs', null, `command: expected one of ${COMMANDS.join(', ')}, got "${asked}"`);
        const command = (asked || (raw.history ? 'check' : 'emit'));
        const options = resolveOptions(command, raw, githubContextFromEnv(env), env, 'action');
        for (const p of PARAMETERS)
            if (p.secret)
                secrets.add(options[p.key]);
        // Each OTLP header's value (an API key), from the input or the OTEL_* variables.
        for (const s of otlpSecrets(options.otlp))
            secrets.add(s);
        // The two functions, not the whole module: the bundle then leaves out what the action never calls.
        const shell = {
            annotations: {
                error: (m, props) => error(secrets.message(m), props),
                warning: (m, props) => warning(secrets.message(m), props),
            },
            jobSummary: true,
        };
        if (command === 'watch')
            return await watchStep(options, env, shell);
        if (command === 'site')
            return await siteStep(options, env);
        const result = await run(options, io, shell);
        const json = resultJson(result, options);
        const reportPath = options.json ?? join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
        await mkdir(join(reportPath, '..'), { recursive: true });
        const { replacedLink } = await writeFileAtomic(reportPath, secrets.redact(`${JSON.stringify(json, null, 2)}\n`));
        if (replacedLink)
            io.warn(replacedLinkWarning(reportPath));
        output('datagrams', String(result.statsd?.datagrams ?? 0));
        output('series', String(result.statsd?.series ?? 0));
        output('metrics-json', JSON.stringify(metricsOutput(result)));
        output('regression', String(result.gate.some((g) => g.regression)));
        output('verdict', jobVerdict(result.gate) ?? '');
        output('report-json', reportPath);
        output('report-html', result.report?.html ?? '');
        output('comment-url', result.report?.commentUrl ?? '');
        if (result.exitCode === 2)
            fail(`bad input: ${result.errors.join('; ')}`);
        else if (result.exitCode === 1 && result.gate.some((g) => g.regression))
            fail(`performance regression in ${result.gate
                .filter((g) => g.regression)
                .map((g) => g.experiment)
                .join(', ')}`);
        else if (result.exitCode === 1)
            fail(`not judged (fail-on-not-judged): ${result.gate
                .filter((g) => g.verdict === 'not-judged')
                .map((g) => g.experiment)
                .join(', ')}`);
    }
    catch (e) {
        fail(e instanceof InputError ? e.message : `internal error: ${e.stack ?? String(e)}`);
    }
}
/** `command: site`: the history's trend site into `site-output`, as the CLI's `history site` writes it. */
async function siteStep(options, env) {
    const { siteFromStore } = await import('./chunks/history-site-B04My4Oo.js');
    const progress = options.quiet ? undefined : io.progress;
    io.info(await siteFromStore(options.history, options.siteOutput, env, {
        config: options.config,
        progress,
        warn: (m) => io.warn(m),
    }));
}
/**
 * `command: watch`: the `run` input is one command line, run by bash as watch's child (as a `run:` step would
 * run it), through the same runWatch as the CLI's `watch -- COMMAND`. The exit code is the verdict: the
 * child's own when it failed, 1 when watch stopped it or on a regression.
 */
async function watchStep(options, env, shell) {
    const line = getInput('run');
    if (!line)
        throw new InputError('action inputs', null, 'run: command watch needs the command line to run, e.g. ./train.sh');
    options.json ??= join(env.RUNNER_TEMP || tmpdir(), 'training-metrics-gate', 'report.json');
    await mkdir(join(options.json, '..'), { recursive: true });
    // The training gets the environment a `run:` step would: not the action's inputs (the token among them).
    for (const name of Object.keys(env))
        if (name.startsWith('INPUT_'))
            delete env[name];
    const { runWatch } = await import('./chunks/run-watch-BLKxrKMm.js');
    const code = await runWatch(options, ['bash', '-c', line], { ...io, secrets }, shell);
    const report = await readReport(options.json);
    output('report-json', options.json);
    output('regression', String(report.regression === true));
    output('verdict', typeof report.verdict === 'string' ? report.verdict : '');
    output('aborted', typeof report.aborted?.reason === 'string' ? report.aborted.reason : '');
    if (report.aborted)
        fail(`watch stopped the run: ${report.aborted.reason} at step ${report.aborted.step}`);
    else if (code === 2)
        fail('bad input: see the errors above');
    else if (code !== 0 && report.regression === true)
        fail('performance regression');
    else if (code === 1 && report.verdict === 'not-judged' && report.child?.exitCode === 0)
        fail('not judged (fail-on-not-judged): no gated metric could be judged');
    else if (code !== 0)
        fail(`the command in run failed with exit code ${code}`);
}
/** The watch report's fields the step's outputs name; an absent or unreadable file is an empty report. */
async function readReport(path) {
    try {
        return JSON.parse(await readFile(path, 'utf8'));
    }
    catch {
        return {};
    }
}
// A failed write to the runner's log is never a verdict (see cli/output-streams.ts).
const streams = new OutputStreams().guard();
void action().then(() => {
    if (streams.failure)
        process.exitCode = 2;
    endSoon();
});

export { action };
