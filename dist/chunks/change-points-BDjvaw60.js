import { b9 as redactStoredFields, s as median, bg as mean, ak as defaultClass } from './postgres-url-BezLfty4.js';
import { m as metricValue } from './history-overview-2D1ktX0y.js';
import { e as environmentChanges } from './environment-change-DoVkncVQ.js';
import { m as metricFamily, b as trailingRegressed, l as levelShifts } from './family-CVTCLfh2.js';

function runRef(r) {
    return { run: r.run, runId: r.runId, sha: r.sha, recordedAt: r.recordedAt };
}

/** Fields named in an explanation's `named`: "unchanged" on three fields says less than on three hundred. */
const NAMED_FIELDS = 6;
function explainEnvironment(good, bad) {
    if (!good || !bad)
        return null;
    const fields = Object.keys(redactStoredFields(bad));
    return {
        changes: environmentChanges(good, bad),
        fields: fields.length,
        ...(fields.length <= NAMED_FIELDS ? { named: fields.sort() } : {}),
    };
}
/** Runs either side of a change point looked at for a change of environment close by. */
const NEAR_RUNS = 2;
/**
 * `explainEnvironment` of records[good] and records[bad] (comparable runs, oldest first). Where nothing
 * changed between them, the nearest pair of neighbouring runs within NEAR_RUNS of the first bad run whose
 * environments differ is named as `near` (the earlier one on a tie): the level-shift detector places a
 * small shift a run or two off, and an environment change next to a change is still where to look first.
 */
function explainEnvironmentAt(records, good, bad) {
    const e = explainEnvironment(records[good]?.environment, records[bad]?.environment);
    if (!e || e.changes.length > 0)
        return e;
    for (let d = 1; d <= NEAR_RUNS; d++)
        for (const at of [bad - d, bad + d]) {
            if (at <= 0 || at >= records.length || at === bad)
                continue;
            const changes = environmentChanges(records[at - 1].environment, records[at].environment);
            if (changes.length) {
                const r = records[at];
                return {
                    ...e,
                    near: {
                        offset: at - bad,
                        run: runRef(r),
                        changes,
                    },
                };
            }
        }
    return e;
}

/**
 * Every change point in a comparable history, per metric: where the level-shift detector the baseline uses
 * (stats/level-shifts.ts, with the baseline's settings) finds the level moved, and each run marked as a new
 * baseline, and where the runs the gate flagged as regressions that end the history start
 * (regressed-runs.ts; the detector looks for shifts in the runs before them). A change smaller than the
 * minimum magnitude (relative to the level before; Otava's "min magnitude") is left out. Runs are named
 * on either side, so a change can be traced to its commits.
 */
/** Change points of every judged metric of `records` (comparable runs, oldest first), in order of `at`. */
function changePoints(records, config, options = {}) {
    const keys = new Set();
    for (const r of records)
        for (const [k, m] of Object.entries(r.metrics))
            if (m.direction !== 'none' && m.kind !== 'ignore')
                keys.add(k);
    return [...keys]
        .sort()
        .flatMap((k) => metricChangePoints(records, k, config, minMagnitude(options, k)))
        .sort((a, b) => a.at - b.at || (a.metric < b.metric ? -1 : 1));
}
function minMagnitude(options, key) {
    const m = options.minMagnitude;
    if (typeof m === 'number')
        return m;
    if (m)
        return m(key);
    return defaultClass(key).minEffect;
}
/** One metric's change points: marked runs, then the detector within each marked segment, as the baseline does. */
function metricChangePoints(records, key, config, min) {
    const points = [];
    let mark = false;
    records.forEach((r, at) => {
        mark ||= r.baseline;
        const m = r.metrics[key];
        const value = metricValue(m);
        if (!m || value === null)
            return;
        points.push({ value, at, marked: mark && points.length > 0, regressed: m.regressed === true, m });
        mark = false;
    });
    if (points.length < 2)
        return [];
    const first = points[0].m;
    const family = metricFamily(key, first);
    const level0 = median(points.map((p) => p.value));
    const prior = { variance: (config.priorCv[family.kind] * level0) ** 2, df: config.priorRuns };
    const segmentStarts = [0, ...points.flatMap((p, i) => (p.marked ? [i] : [])), points.length];
    const streak = trailingRegressed(points);
    const starts = [];
    for (let s = 0; s + 1 < segmentStarts.length; s++) {
        const from = segmentStarts[s];
        const flagged = streak !== null && streak > from && streak < segmentStarts[s + 1] ? streak : null;
        const values = points.slice(from, flagged ?? segmentStarts[s + 1]).map((p) => p.value);
        if (s > 0)
            starts.push({ i: from, marked: true });
        for (const k of levelShifts(values, { alpha: config.shiftAlpha, minStep: min, prior, minSegment: 3 }))
            starts.push({ i: from + k, marked: false });
        if (flagged !== null)
            starts.push({ i: flagged, marked: false });
    }
    const bounds = [0, ...starts.map((s) => s.i), points.length];
    const better = first.direction === 'higher' ? 1 : first.direction === 'lower' ? -1 : 0;
    const out = [];
    starts.forEach((s, j) => {
        const before = points.slice(bounds[j], s.i).map((p) => p.value);
        const after = points.slice(s.i, bounds[j + 2]).map((p) => p.value);
        const mb = mean(before);
        const diff = mean(after) - mb;
        const change = mb !== 0 ? diff / Math.abs(mb) : diff === 0 ? 0 : Infinity * Math.sign(diff);
        if (Math.abs(change) < min)
            return;
        const sign = Math.sign(diff) * better;
        const lastBefore = records[points[s.i - 1].at];
        const firstAfter = records[points[s.i].at];
        const environment = explainEnvironmentAt(records, points[s.i - 1].at, points[s.i].at);
        out.push({
            metric: key,
            at: points[s.i].at,
            before: { mean: mb, runs: before.length },
            after: { mean: mb + diff, runs: after.length },
            change,
            direction: diff >= 0 ? 'up' : 'down',
            effect: sign > 0 ? 'better' : sign < 0 ? 'worse' : 'neutral',
            marked: s.marked,
            lastBefore: runRef(lastBefore),
            firstAfter: runRef(firstAfter),
            ...(environment ? { environment } : {}),
        });
    });
    return out;
}

export { changePoints as c, explainEnvironment as e, metricChangePoints as m, runRef as r };
