import { c as changePoints } from './change-points-BDjvaw60.js';
import { l as loadConfig, I as InputError, n as classify } from './postgres-url-BezLfty4.js';
import { s as sectionValue } from './section-DkCqgg_o.js';
import { f as formatEnvironmentExplanation } from './environment-format-CUwpBvlI.js';
import { f as formatChange, a as formatValue } from './format-DGRI6Ozy.js';
import { t as textTable } from './text-table-fopta5xB.js';
import { c as comparableRuns } from './history-DzKPUSLO.js';
import { historyFlags, openExisting } from './history-BryXbcR6.js';
import './history-overview-2D1ktX0y.js';
import './environment-change-DoVkncVQ.js';
import './family-CVTCLfh2.js';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';
import 'node:util';

/**
 * `history changes --experiment E [--min-magnitude FRACTION]`: every change point in the experiment's
 * history, per fingerprint and metric, with its size, direction and the runs on either side (gate/change-points.ts),
 * and, where both of those runs recorded an environment, what changed in it between them (or that nothing did).
 */
async function historyChanges(args, env) {
    const flags = historyFlags('changes', args, {
        history: { type: 'string' },
        experiment: { type: 'string' },
        fingerprint: { type: 'string' },
        'min-magnitude': { type: 'string' },
        config: { type: 'string' },
    }, ['history', 'experiment']);
    const min = minMagnitude(flags['min-magnitude']);
    // The config's gate settings and metric rules, as check uses them (default: the built-in ones).
    const config = await loadConfig(flags.config ?? null);
    const gate = sectionValue(config.gate);
    const minEffect = (key) => classify(key, config).minEffect;
    const { store, runs } = await openExisting(flags.history, env);
    const fingerprints = [
        ...new Set(runs
            .filter((r) => r.experiment === flags.experiment)
            .map((r) => r.fingerprint)
            .filter((fp) => flags.fingerprint === undefined || fp === flags.fingerprint)),
    ];
    if (fingerprints.length === 0)
        throw new InputError(store.location, null, `no runs of experiment ${JSON.stringify(flags.experiment)} (see history list)`);
    const history = { runs };
    const parts = fingerprints.map((fp) => {
        const records = comparableRuns(history, flags.experiment, fp);
        const points = changePoints(records, gate, { minMagnitude: min ?? minEffect });
        const head = `fingerprint ${fp || '(none)'}: ${records.length} runs, ${points.length} change point${points.length === 1 ? '' : 's'}`;
        return points.length ? `${head}\n${changeTable(points)}` : head;
    });
    return `${flags.experiment} in ${store.location}\n\n${parts.join('\n\n')}`;
}
function minMagnitude(text) {
    if (text === undefined)
        return null;
    const n = Number(text);
    if (!(text.trim() !== '' && Number.isFinite(n) && n >= 0 && n < 10))
        throw new InputError('history changes', null, `--min-magnitude: expected a fraction such as 0.05 (5 %), got "${text}"`);
    return n;
}
function changeTable(points) {
    const env = points.some((p) => p.environment);
    return textTable(['metric', 'change', 'direction', 'before', 'after', 'last before', 'first after', ...(env ? ['environment'] : [])], points.map((p) => [
        p.metric,
        formatChange(p.change),
        `${p.direction}, ${p.effect}${p.marked ? ' (marked baseline)' : ''}`,
        `${formatValue(p.before.mean)} (${p.before.runs} runs)`,
        `${formatValue(p.after.mean)} (${p.after.runs} runs)`,
        runText(p.lastBefore),
        runText(p.firstAfter),
        ...(env ? [p.environment ? formatEnvironmentExplanation(p.environment) : '—'] : []),
    ]));
}
function runText(r) {
    return `${r.run} @ ${r.sha.slice(0, 12) || '?'} ${r.recordedAt}`;
}

export { historyChanges };
