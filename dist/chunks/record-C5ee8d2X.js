import { am as fingerprintFields, q as metricKey, al as fingerprintKey } from './postgres-url-BezLfty4.js';

const peq = new Uint32Array(0x10000);
const myers_32 = (a, b) => {
    const n = a.length;
    const m = b.length;
    const lst = 1 << (n - 1);
    let pv = -1;
    let mv = 0;
    let sc = n;
    let i = n;
    while (i--) {
        peq[a.charCodeAt(i)] |= 1 << i;
    }
    for (i = 0; i < m; i++) {
        let eq = peq[b.charCodeAt(i)];
        const xv = eq | mv;
        eq |= ((eq & pv) + pv) ^ pv;
        mv |= ~(eq | pv);
        pv &= eq;
        if (mv & lst) {
            sc++;
        }
        if (pv & lst) {
            sc--;
        }
        mv = (mv << 1) | 1;
        pv = (pv << 1) | ~(xv | mv);
        mv &= xv;
    }
    i = n;
    while (i--) {
        peq[a.charCodeAt(i)] = 0;
    }
    return sc;
};
const myers_x = (b, a) => {
    const n = a.length;
    const m = b.length;
    const mhc = [];
    const phc = [];
    const hsize = Math.ceil(n / 32);
    const vsize = Math.ceil(m / 32);
    for (let i = 0; i < hsize; i++) {
        phc[i] = -1;
        mhc[i] = 0;
    }
    let j = 0;
    for (; j < vsize - 1; j++) {
        let mv = 0;
        let pv = -1;
        const start = j * 32;
        const vlen = Math.min(32, m) + start;
        for (let k = start; k < vlen; k++) {
            peq[b.charCodeAt(k)] |= 1 << k;
        }
        for (let i = 0; i < n; i++) {
            const eq = peq[a.charCodeAt(i)];
            const pb = (phc[(i / 32) | 0] >>> i) & 1;
            const mb = (mhc[(i / 32) | 0] >>> i) & 1;
            const xv = eq | mv;
            const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb;
            let ph = mv | ~(xh | pv);
            let mh = pv & xh;
            if ((ph >>> 31) ^ pb) {
                phc[(i / 32) | 0] ^= 1 << i;
            }
            if ((mh >>> 31) ^ mb) {
                mhc[(i / 32) | 0] ^= 1 << i;
            }
            ph = (ph << 1) | pb;
            mh = (mh << 1) | mb;
            pv = mh | ~(xv | ph);
            mv = ph & xv;
        }
        for (let k = start; k < vlen; k++) {
            peq[b.charCodeAt(k)] = 0;
        }
    }
    let mv = 0;
    let pv = -1;
    const start = j * 32;
    const vlen = Math.min(32, m - start) + start;
    for (let k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] |= 1 << k;
    }
    let score = m;
    for (let i = 0; i < n; i++) {
        const eq = peq[a.charCodeAt(i)];
        const pb = (phc[(i / 32) | 0] >>> i) & 1;
        const mb = (mhc[(i / 32) | 0] >>> i) & 1;
        const xv = eq | mv;
        const xh = ((((eq | mb) & pv) + pv) ^ pv) | eq | mb;
        let ph = mv | ~(xh | pv);
        let mh = pv & xh;
        score += (ph >>> (m - 1)) & 1;
        score -= (mh >>> (m - 1)) & 1;
        if ((ph >>> 31) ^ pb) {
            phc[(i / 32) | 0] ^= 1 << i;
        }
        if ((mh >>> 31) ^ mb) {
            mhc[(i / 32) | 0] ^= 1 << i;
        }
        ph = (ph << 1) | pb;
        mh = (mh << 1) | mb;
        pv = mh | ~(xv | ph);
        mv = ph & xv;
    }
    for (let k = start; k < vlen; k++) {
        peq[b.charCodeAt(k)] = 0;
    }
    return score;
};
const distance = (a, b) => {
    if (a.length < b.length) {
        const tmp = b;
        b = a;
        a = tmp;
    }
    if (b.length === 0) {
        return a.length;
    }
    if (a.length <= 32) {
        return myers_32(a, b);
    }
    return myers_x(a, b);
};
const closest = (str, arr) => {
    let min_distance = Infinity;
    let min_index = 0;
    for (let i = 0; i < arr.length; i++) {
        const dist = distance(str, arr[i]);
        if (dist < min_distance) {
            min_distance = dist;
            min_index = i;
        }
    }
    return arr[min_index];
};

/**
 * Why a run has no comparable history, in words: the nearest runs of its experiment and the fingerprint
 * fields that differ ("6 runs of this experiment on gpu=A100; this run is gpu=H100"), or, for an
 * experiment the history has never seen, which experiments it holds (a typo shows at once).
 */
/**
 * The experiment a typo most likely meant: the nearest name by edit distance, when it is near enough to be
 * a slip (a third of the name's length at most, and at least one edit allowed), else null.
 */
function didYouMean(name, names) {
    if (names.length === 0)
        return null;
    const best = closest(name, [...names]);
    return distance(name, best) <= Math.max(1, Math.floor(name.length / 3)) ? best : null;
}
function differing(mine, theirs) {
    const keys = [...new Set([...mine.keys(), ...theirs.keys()])].sort().filter((k) => mine.get(k) !== theirs.get(k));
    const show = (f, k) => (f.has(k) ? `${k}=${f.get(k)}` : `${k} unset`);
    return { mine: keys.map((k) => show(mine, k)), theirs: keys.map((k) => show(theirs, k)) };
}
function noComparableReason(history, experiment, fingerprint) {
    const same = history.filter((r) => r.experiment === experiment);
    if (!same.length) {
        const names = [...new Set(history.map((r) => r.experiment))];
        if (!names.length)
            return 'no comparable runs yet: the history is empty';
        const shown = names.slice(0, 5).map((n) => JSON.stringify(n));
        const near = didYouMean(experiment, names);
        const guess = near ? `; did you mean ${JSON.stringify(near)}?` : '';
        return `no comparable runs: no run of experiment ${JSON.stringify(experiment)} in the history${guess} (it holds ${names.length} experiment${names.length === 1 ? '' : 's'}: ${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''})`;
    }
    const mine = fingerprintFields(fingerprint);
    const groups = new Map();
    for (const r of same)
        groups.set(r.fingerprint, (groups.get(r.fingerprint) ?? 0) + 1);
    // Nearest: fewest differing fields, then most runs.
    const [nearest, count] = [...groups].sort((a, b) => differing(mine, fingerprintFields(a[0])).mine.length - differing(mine, fingerprintFields(b[0])).mine.length || b[1] - a[1])[0];
    const d = differing(mine, fingerprintFields(nearest));
    return `no comparable runs: ${count} run${count === 1 ? '' : 's'} of this experiment on ${d.theirs.join(', ')}; this run is ${d.mine.join(', ')}`;
}

function valueNoise(m) {
    let value;
    if (m.loss) {
        value = (1.2533 * (m.loss.noise ?? Number.NaN)) / Math.sqrt(m.loss.finalWindow.count);
    }
    else if (m.steady)
        value = (1.2533 * m.steady.spread) / Math.sqrt(m.steady.n);
    else
        return null;
    return Number.isFinite(value) ? Number(value.toPrecision(4)) : null;
}

/** A run summary → the compact record the history keeps. */
/** Loss points kept per run: enough to compare a run that stopped early at the step it reached. */
const LOSS_POINTS = 48;
function recordFromSummary(summary, meta) {
    const metrics = {};
    for (const m of summary.metrics) {
        if (m.class.kind === 'ignore' || m.class.direction === 'none')
            continue;
        const entry = {
            kind: m.class.kind,
            direction: m.class.direction,
            unit: m.class.unit,
            centre: m.steady?.median ?? (m.count > 0 ? m.last : Number.NaN),
            spread: m.steady?.spread ?? Number.NaN,
            n: m.steady?.n ?? 0,
            nonFinite: m.nan + m.inf,
        };
        if (m.loss) {
            entry.final = m.loss.finalWindow.median;
            entry.samples = thin(m.loss.samples, LOSS_POINTS);
        }
        if (m.curve)
            entry.curve = m.curve;
        const noise = valueNoise(m);
        if (noise !== null)
            entry.noise = noise;
        const key = metricKey(m.name);
        if (meta.regressed?.has(key))
            entry.regressed = true;
        metrics[key] = entry;
    }
    return {
        experiment: summary.experiment,
        fingerprint: fingerprintKey(summary.fingerprint),
        run: summary.name,
        recordedAt: meta.recordedAt,
        ref: meta.ref,
        sha: meta.sha,
        runId: meta.runId,
        ...(meta.repository ? { repository: meta.repository } : {}),
        ...(meta.runId && meta.attempt ? { attempt: meta.attempt } : {}),
        baseline: meta.baseline,
        steps: Number.isFinite(summary.steps.last) ? summary.steps.last : 0,
        complete: meta.complete,
        metrics,
        ...(meta.pullRequest ? { pullRequest: meta.pullRequest } : {}),
        ...(meta.environment && Object.keys(meta.environment).length ? { environment: { ...meta.environment } } : {}),
    };
}
/**
 * Every 2^k-th point, k the smallest that keeps at most `max`, plus the last point: runs of the same length
 * and sampling interval keep the same steps, so their curves stay aligned.
 */
function thin(samples, max) {
    let stride = 1;
    while (Math.ceil(samples.length / stride) > max - 1)
        stride *= 2;
    const out = samples.filter((_, i) => i % stride === 0);
    const last = samples[samples.length - 1];
    if (last && out[out.length - 1] !== last)
        out.push(last);
    return out;
}

export { didYouMean as d, noComparableReason as n, recordFromSummary as r };
