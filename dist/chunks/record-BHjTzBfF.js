import { f as metricKey, ab as fingerprintKey } from './postgres-url-DXm8_lKg.js';

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

export { recordFromSummary as r };
