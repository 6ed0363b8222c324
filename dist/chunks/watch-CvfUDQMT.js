import { r as resolveOptions, g as githubContextFromEnv, I as InputError, P as PARAMETERS, o as otlpSecrets } from './postgres-url-BezLfty4.js';
import { p as parseRunFlags } from '../cli.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:crypto';
import './version-C1BOJE61.js';
import 'node:util';
import './history-BryXbcR6.js';

/**
 * `watch [flags] -- COMMAND [ARGS…]`: the flags are emit's and check's (the same table) plus watch's
 * own; everything after `--` is the command to run, passed on untouched.
 */
async function watchCommand(args, env, io) {
    const dashes = args.indexOf('--');
    const flags = dashes < 0 ? args : args.slice(0, dashes);
    const command = dashes < 0 ? [] : args.slice(dashes + 1);
    let opts;
    try {
        opts = resolveOptions('watch', parseRunFlags(flags), githubContextFromEnv(env), env, 'cli');
    }
    catch (e) {
        const message = e instanceof InputError ? e.message : e.message.split('\n')[0];
        io.error(`${message} (see training-metrics-gate --help)`);
        return 2;
    }
    for (const p of PARAMETERS)
        if (p.secret)
            io.secrets?.add(opts[p.key]);
    for (const s of otlpSecrets(opts.otlp))
        io.secrets?.add(s);
    io.showProgress?.(env, opts.quiet);
    const { runWatch } = await import('./run-watch-BLKxrKMm.js');
    try {
        return await runWatch(opts, command, io);
    }
    catch (e) {
        io.error(e instanceof InputError ? e.message : `internal error: ${e.stack ?? String(e)}`);
        return 2;
    }
}

export { watchCommand };
