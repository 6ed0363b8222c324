import { parseArgs } from 'node:util';
import { I as InputError, i as SILENT } from './postgres-url-BezLfty4.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';

/**
 * `history <list|show|remove|quarantine|accept|migrate|export|changes|site>`: look after a stored history with any
 * store (JSON file, git data branch, PostgreSQL). Each subcommand's file (commands/history-<name>.ts) is
 * loaded only when it runs and returns the text to print. Exit codes as everywhere: 0 done, 2 bad input
 * (an unknown or ambiguous run, a flag missing, a history that cannot be trusted) or a store that failed.
 */
/** A subcommand that tells nothing (tests, and callers with no terminal). */
const QUIET_SUBCOMMAND = { progress: () => SILENT, warn: () => { } };
const H = '--history H';
const HISTORY_COMMANDS = {
    list: {
        usage: `list ${H}`,
        run: async (a, e) => (await import('./history-list-D5-qdZHA.js')).historyList(a, e),
    },
    show: {
        usage: `show ${H} --experiment E [--fingerprint F]`,
        run: async (a, e) => (await import('./history-show-B8qMZzzJ.js')).historyShow(a, e),
    },
    remove: {
        usage: `remove ${H} --experiment E --run ID [--fingerprint F]`,
        run: async (a, e) => (await import('./history-remove-B8CY6aOm.js')).historyRemove(a, e),
    },
    quarantine: {
        usage: `quarantine ${H} --experiment E --run ID [--reason TEXT] [--fingerprint F]`,
        run: async (a, e) => (await import('./history-quarantine-BmZAtkGi.js')).historyQuarantine(a, e),
    },
    accept: {
        usage: `accept ${H} --experiment E --from RUN [--fingerprint F]`,
        run: async (a, e) => (await import('./history-accept-Ctu8jQLS.js')).historyAccept(a, e),
    },
    migrate: {
        usage: 'migrate --from A --to B',
        run: async (a, e) => (await import('./history-migrate-wcsmhlWD.js')).historyMigrate(a, e),
    },
    export: {
        usage: `export ${H} [--experiment E] [--output FILE.csv] [--quiet]`,
        run: async (a, e, t) => (await import('./history-export-C6mJKy1t.js')).historyExport(a, e, t),
    },
    changes: {
        usage: `changes ${H} --experiment E [--min-magnitude FRACTION] [--fingerprint F] [--config FILE]`,
        run: async (a, e) => (await import('./history-changes-CQ9DL8IQ.js')).historyChanges(a, e),
    },
    site: {
        usage: `site ${H} --output DIR [--config FILE] [--title TEXT] [--quiet]`,
        run: async (a, e, t) => (await import('./history-site-B04My4Oo.js')).historySite(a, e, t),
    },
};
const HISTORY_USAGE = Object.values(HISTORY_COMMANDS)
    .map((c) => c.usage)
    .join('\n  training-metrics-gate history ');
async function runHistory(args, env, io) {
    const [name, ...rest] = args;
    const sub = name ? HISTORY_COMMANDS[name] : undefined;
    if (!sub) {
        io.error(`history: say which: ${Object.keys(HISTORY_COMMANDS).join(', ')} (see training-metrics-gate --help)`);
        return 2;
    }
    try {
        const progress = (quiet) => {
            io.showProgress?.(env, quiet);
            return io.progress ?? SILENT;
        };
        const warn = (m) => (io.warn ? io.warn(m) : io.error(`warning: ${m}`));
        const text = await sub.run(rest, env, { progress, warn });
        // The whole result (a 10,000-run export is data, not a message), still unable to start a workflow
        // command whatever a name in the history says.
        if (text) {
            if (io.data)
                io.data(text.endsWith('\n') ? text : `${text}\n`);
            else
                io.info(text.replace(/\n$/, ''));
        }
        return 0;
    }
    catch (e) {
        io.error(e instanceof InputError ? e.message : `history ${name}: ${e.message.split('\n')[0]}`);
        return 2;
    }
}
/** Strict flags of one subcommand; an unknown flag or a missing value is an InputError. */
function historyFlags(command, args, options, required) {
    let values;
    try {
        values = parseArgs({ args, options, allowPositionals: false, strict: true }).values;
    }
    catch (e) {
        throw new InputError(`history ${command}`, null, e.message.split('\n')[0]);
    }
    for (const name of required)
        if (typeof values[name] !== 'string' || values[name] === '')
            throw new InputError(`history ${command}`, null, `--${name} is required (${HISTORY_COMMANDS[command].usage})`);
    return values;
}
/** The store a flag names; a history that does not exist is an error for every subcommand but migrate's target. */
async function openExisting(spec, env) {
    const { openHistory } = await import('./store-u9FdFviB.js');
    const store = openHistory(spec, { env });
    const history = await store.readIfExists();
    if (!history)
        throw new InputError(store.location, null, 'the history does not exist (no such file, branch or table)');
    return { store, runs: history.runs };
}

export { HISTORY_COMMANDS, HISTORY_USAGE, QUIET_SUBCOMMAND, historyFlags, openExisting, runHistory };
