import { l as loadConfig, i as SILENT, n as classify, I as InputError } from './postgres-url-BezLfty4.js';
import { s as sectionValue } from './section-DkCqgg_o.js';
import { openExisting, QUIET_SUBCOMMAND, historyFlags } from './history-BryXbcR6.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';

/**
 * `history site --history H --output DIR [--config FILE] [--title TEXT]`: the trend site of a history
 * (src/site/), an index and a page per experiment and fingerprint, written into DIR. The gate's settings
 * and metric rules come from the config as check uses them, so the bands are the ones the gate judges by.
 */
async function historySite(args, env, tell = QUIET_SUBCOMMAND) {
    const flags = historyFlags('site', args, {
        history: { type: 'string' },
        output: { type: 'string' },
        // The action's input name, so `site --site-output DIR` reads as the action does.
        'site-output': { type: 'string' },
        config: { type: 'string' },
        title: { type: 'string' },
        quiet: { type: 'boolean' },
    }, ['history']);
    const output = flags.output ?? flags['site-output'];
    if (!output) {
        throw new InputError('history site', null, '--output is required (the folder to write the site into)');
    }
    return siteFromStore(flags.history, output, env, {
        config: flags.config ?? null,
        title: flags.title,
        progress: tell.progress(Boolean(flags.quiet)),
        warn: tell.warn,
    });
}
/** Read the whole history and write its site; the line to print. Shared by the CLI and the action. */
async function siteFromStore(history, output, env, o) {
    const config = await loadConfig(o.config);
    const { store, runs } = await openExisting(history, env);
    const { writeSite } = await import('./site-ITH7p7dd.js');
    const t0 = Date.now();
    const result = await writeSite(runs, output, {
        gate: sectionValue(config.gate),
        classOf: (key) => classify(key, config),
        serverUrl: env.GITHUB_SERVER_URL || 'https://github.com',
        progress: o.progress ?? SILENT,
        ...(o.title ? { title: o.title } : {}),
    }).catch((e) => {
        // A folder that cannot be made or written (a file in its place, no permission) is the user's to fix.
        if (typeof e?.code !== 'string')
            throw e;
        throw new InputError(output, null, `cannot write the site there (${e.code}: ${e.message.split('\n')[0]})`);
    });
    for (const w of result.warnings)
        o.warn?.(w);
    const mib = (result.bytes / 1024 / 1024).toFixed(1);
    const pages = result.pages - 1;
    const removed = result.removed
        ? `; ${result.removed} file${result.removed === 1 ? '' : 's'} of experiments no longer in the history removed`
        : '';
    return `site of ${store.location}: ${pages} experiment page${pages === 1 ? '' : 's'} and an index in ${output} (${result.files} files, ${mib} MiB, ${runs.length} runs, ${Date.now() - t0} ms)${removed}`;
}

export { historySite, siteFromStore };
