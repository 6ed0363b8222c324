import { parseArgs } from 'node:util';
import { b2 as errorFunction, I as InputError, q as metricKey, aP as judgedAtEnd, s as median, b3 as summarizeRun, n as classify, i as SILENT, l as loadConfig, b4 as csvRunOpeners } from './postgres-url-BezLfty4.js';
import { t as tQuantile, m as metricFamily, a as tUpperTail } from './family-CVTCLfh2.js';
import { b as buildBaseline, e as errorBudget, c as criticalT } from './error-budget-DOE1BHfz.js';
import 'node:child_process';
import 'node:fs/promises';
import 'node:os';
import 'node:path';
import { c as comparableRuns } from './history-DzKPUSLO.js';
import 'node:crypto';
import 'node:fs';
import './record-problem-Cb4fC9fR.js';
import { r as recordFromSummary, d as didYouMean } from './record-C5ee8d2X.js';
import { openHistory, HistoryStoreError } from './store-u9FdFviB.js';
import { C as CALIBRATE_FLAGS } from '../cli.js';
import { s as sectionValue } from './section-DkCqgg_o.js';
import 'node:stream';
import 'stream';
import './version-C1BOJE61.js';
import './history-BryXbcR6.js';

/**
 * The chance that the gate's one-sided studentised test catches a real change: a run worse by the
 * relative amount d, against n baseline runs with run-to-run coefficient of variation c (measured with ν
 * degrees of freedom), flagged when its prediction t exceeds the critical value t. The studentised change
 * then follows a non-central t with ν degrees of freedom and non-centrality
 *
 *   λ = d / (c · √(1 + 1/n))
 *
 * and its upper tail is taken from the normal approximation to the non-central t (Johnson, Kotz &
 * Balakrishnan, Continuous Univariate Distributions 2, §31.6):
 *
 *   power = P(T'_{ν,λ} > t) ≈ Φ((λ − t·(1 − 1/(4ν))) / √(1 + t²/(2ν)))
 *
 * good to about a point of power for ν ≥ 4 (checked by simulation in the test). ν = ∞ is the known-σ
 * normal test, Φ(λ − t).
 */
function detectionPower({ change, cv, runs, df, critical }) {
    if (!(cv > 0) || !(runs >= 1) || !(df > 0))
        throw new RangeError(`no power from cv ${cv}, ${runs} runs, df ${df}`);
    if (critical === Infinity)
        return 0;
    const lambda = change / (cv * Math.sqrt(1 + 1 / runs));
    const z = Number.isFinite(df)
        ? (lambda - critical * (1 - 1 / (4 * df))) / Math.sqrt(1 + (critical * critical) / (2 * df))
        : lambda - critical;
    return 0.5 * (1 + errorFunction(z / Math.SQRT2));
}

/**
 * The minimum effect at which the gate's own test, on its own, fires with probability `rate` when nothing
 * changed: the inverse of the prediction-interval test T = (x − x̄) / (s·√(1 + 1/n)) > t_ν(1 − a)
 * (prediction-t.ts), written as a change relative to the level:
 *
 *   δ = t_ν(1 − a) · s · √(1 + 1/n) / |x̄|
 *
 * with x̄ the mean of the n baseline runs, s the run-to-run standard deviation measured with ν degrees of
 * freedom, independent of the new run. Under "nothing changed" (x − x̄)/(σ√(1 + 1/n)) is standard normal
 * and s/σ is √(χ²_ν/ν), so P(x − x̄ worse than δ·|x̄|) = P(T_ν > t_ν(1 − a)) = a: the prediction
 * interval's coverage (Hahn & Meeker, Statistical Intervals, §4.5), as Bencher's threshold uses it.
 * Megatron-LM's recommended tolerance (largest relative deviation from the mean × a multiplier) is the same
 * idea without the distribution: here the multiplier is the t quantile the false-alarm rate asks for.
 */
function minEffectForRate(rate, noise) {
    if (!(rate > 0 && rate < 1))
        throw new RangeError(`false-alarm rate ${rate} is not in (0, 1)`);
    const { centre, sd, df, runs } = noise;
    if (!(df > 0) || !(runs >= 1) || !(sd >= 0) || !(centre !== 0 && Number.isFinite(centre)))
        throw new RangeError(`no relative threshold from centre ${centre}, sd ${sd}, df ${df}, ${runs} runs`);
    return (tQuantile(1 - rate, df) * sd * Math.sqrt(1 + 1 / runs)) / Math.abs(centre);
}

/**
 * One metric's values across the A/A runs, reduced as the gate reduces a history (buildBaseline: marked
 * segments, accepted shifts), but with no prior, no noise floor and no run set aside: calibrating is
 * measuring the noise, not assuming it. The value of a run is the one the gate judges: the
 * final-window median for a loss, the steady-state median otherwise.
 */
/** The metric's value in each run that has it, oldest first, a baseline mark carried to the next run that has it. */
function metricPoints(records, key) {
    const points = [];
    let mark = false;
    for (const r of records) {
        mark ||= r.baseline;
        const m = r.metrics[key];
        if (!m)
            continue;
        const value = judgedAtEnd(m.kind) ? m.final : m.centre;
        if (m.kind === 'loss' && m.nonFinite > 0)
            throw brokenRun(r, key, `${m.nonFinite} NaN or infinite value${m.nonFinite === 1 ? '' : 's'}`);
        // A column logged but never filled (an eval that never ran) is absent from this run, not broken.
        const finite = typeof value === 'number' && Number.isFinite(value);
        if (!finite && m.nonFinite === 0 && m.n === 0)
            continue;
        if (!finite)
            throw brokenRun(r, key, 'no finite value');
        points.push({ value, marked: mark, ...(m.regressed ? { regressed: true } : {}) });
        mark = false;
    }
    return points;
}
function brokenRun(r, key, what) {
    return new InputError(r.run || 'run', null, `${key} has ${what}: a run of the same code that breaks is not noise to calibrate from; fix it or leave it out`);
}
/**
 * buildBaseline over values scaled by a power of two first, which is exact, so that sums and squares of
 * values near 1e308 cannot overflow the mean or the variance; the result is scaled back. Every option is
 * relative to the level (prior CV, noise floor, minimum effect), so the scaling changes nothing else.
 */
function scaleSafeBaseline(points, o) {
    const { scaled, up } = scaledPoints(points);
    const b = buildBaseline(scaled, o);
    return b && { ...b, centre: b.centre * up, sd: b.sd * up, level: b.level.map((v) => v * up) };
}
/** The points' values over a power of two (exact), their largest then between 1 and 2, and that power. */
function scaledPoints(points) {
    const top = Math.max(0, ...points.map((p) => Math.abs(p.value)).filter(Number.isFinite));
    // 2^-k and 2^k are both finite for every k from −1022 to 1023.
    const k = top > 0 ? Math.max(-1022, Math.floor(Math.log2(top))) : 0;
    const down = 2 ** -k;
    return { scaled: points.map((p) => ({ ...p, value: p.value * down })), up: 2 ** k };
}
/** The measured run-to-run noise of one metric (null without a finite value), scale-safe. */
function measuredNoise(points, cls, gate) {
    return scaleSafeBaseline(points, {
        better: cls.direction === 'higher' ? 1 : -1,
        minEffect: cls.minEffect,
        shiftAlpha: gate.shiftAlpha,
        // No run is set aside: a run of the same code far from the others is part of its noise, and the next
        // run may be another such one.
        outlierMads: Number.POSITIVE_INFINITY,
        priorRuns: 0,
        priorCv: 0,
        noiseFloor: 0,
    });
}
/** A run whose gated loss broke (NaN, infinity, divergence): not an A/A run to measure noise from. */
function brokenRunProblem(summary) {
    for (const m of summary.metrics) {
        if (!m.class.gate || m.class.kind !== 'loss')
            continue;
        const what = m.nan + m.inf > 0
            ? `${m.nan + m.inf} NaN or infinite value${m.nan + m.inf === 1 ? '' : 's'} (first at step ${m.firstNonFiniteStep})`
            : m.loss?.divergence
                ? `a divergence from step ${m.loss.divergence.step}`
                : null;
        if (what)
            return new InputError(summary.source, null, `${metricKey(m.name)} has ${what}: a run of the same code that breaks is not noise to calibrate from; fix it or leave it out`);
    }
    return null;
}

/** Per key: the band as a fraction of the level (the change the gate needs to flag), when the gate judges it. */
function gateBands(metrics, gate) {
    const judged = metrics.flatMap((m) => {
        const family = metricFamily(m.key, m.cls);
        const b = m.points.length >= gate.minRuns
            ? buildBaseline(scaledPoints(m.points).scaled, {
                better: m.cls.direction === 'higher' ? 1 : -1,
                minEffect: m.minEffect,
                shiftAlpha: gate.shiftAlpha,
                outlierMads: gate.outlierMads,
                priorRuns: gate.priorRuns,
                priorCv: gate.priorCv[family.kind],
                noiseFloor: gate.noiseFloor,
            })
            : null;
        // A constant history is judged by its minimum effect alone, outside the budget.
        if (!b || !(b.sd > 0) || !(b.df > 0))
            return [];
        const scale = b.sd * Math.sqrt(1 + 1 / b.runs);
        const minT = (m.minEffect * Math.abs(b.centre)) / scale;
        return [{ key: m.key, family: family.id, b, scale, minT, floor: tUpperTail(minT, b.df) }];
    });
    const families = [...new Set(judged.map((j) => j.family))];
    const floors = families.map((f) => Math.max(...judged.filter((j) => j.family === f).map((j) => j.floor)));
    const shares = errorBudget(gate.alpha, floors);
    const bands = new Map();
    for (const j of judged) {
        const critical = criticalT(shares[families.indexOf(j.family)], j.floor, j.minT, j.b.df);
        bands.set(j.key, (critical * j.scale) / Math.abs(j.b.centre));
    }
    return bands;
}

/** Up to 3 significant digits, rounded up: a minimum effect rounded down would spend more than its rate. */
function roundUp(x) {
    if (!(x > 0) || !Number.isFinite(x))
        return x;
    const unit = 10 ** (Math.floor(Math.log10(x)) - 2);
    return Number((Math.ceil(x / unit - 1e-9) * unit).toPrecision(3));
}

/**
 * Calibrated tolerances from repeated runs of the same code (A/A runs): per gated metric, the minimum
 * effect at which noise alone would fail a run with the family's share of the false-alarm rate, and the
 * power the gate then has against a run 3 %, 5 % and 10 % worse. The statistical version of Megatron-LM's
 * recommended tolerances (largest relative deviation from the mean × a multiplier): the multiplier is the
 * t quantile of the gate's own test, so the recommendation used as the config gives the stated rate.
 *
 * The rate α is split equally over the metric families that have noise to measure (α/F each, the gate's
 * weighted Bonferroni with equal weights: every family's π then equals its share, so the gate spends it
 * exactly as planned). Within a family each member gets the family's share, as the gate tests them.
 */
/** The changes for the worse the power is given at. */
const POWER_AT = [0.03, 0.05, 0.1];
function calibrateTolerances(input) {
    const { records, gate, falseAlarmRate } = input;
    if (records.length < gate.minRuns)
        throw new InputError('calibrate', null, `needs at least ${gate.minRuns} runs of the same code, got ${records.length}: the gate judges nothing with fewer than min_runs comparable runs (gate.min_runs), so tolerances from fewer could never apply`);
    const measured = [...input.classes].map(([key, cls]) => measure(key, cls, records, gate));
    const families = new Set(measured.filter((m) => !m.skipped).map((m) => m.family));
    if (families.size === 0)
        throw nothingToCalibrate(records.length, measured, input.unjudged ?? []);
    const share = falseAlarmRate / families.size;
    for (const m of measured)
        recommend(m, share);
    const bands = gateBands(measured.map((m) => ({ key: m.key, cls: m.cls, points: m.points, minEffect: m.minEffect ?? m.cls.minEffect })), { ...gate, alpha: falseAlarmRate });
    const metrics = measured.map(({ points: _, ...m }) => finiteOnly(withPower(m, bands.get(m.key) ?? null)));
    const warmup = [...(input.warmup ?? [])].filter(([key]) => input.classes.get(key)?.kind !== 'loss');
    return {
        runs: records.length,
        falseAlarmRate,
        metrics,
        warmupSteps: warmup.length ? Math.max(...warmup.map(([, steps]) => steps)) : null,
        warmup,
        warmupWhy: warmup.length ? '' : (input.warmupWhy ?? 'no per-step series of a window or timer metric was read'),
        unjudged: [...(input.unjudged ?? [])],
    };
}
/** No metric left to calibrate: each one's own reason, so the message names the real cause. */
function nothingToCalibrate(runs, measured, unjudged) {
    const copies = measured.length > 0 && measured.every((m) => m.cv === 0);
    const reasons = [...measured.map((m) => `${m.key}: ${m.skipped}`), ...unjudged.map((u) => `${u.key}: ${u.why}`)];
    const what = copies
        ? `no gated metric varies between these ${runs} runs (copies of one file?): there is no run-to-run noise to calibrate from`
        : measured.length === 0
            ? `these ${runs} runs have no metric the gate judges`
            : `no gated metric of these ${runs} runs can be calibrated`;
    const list = reasons.slice(0, 6).join('; ') + (reasons.length > 6 ? `; and ${reasons.length - 6} more` : '');
    return new InputError('calibrate', null, reasons.length && !copies ? `${what} (${list})` : what);
}
function measure(key, cls, records, gate) {
    const points = metricPoints(records, key);
    const base = { key, cls, family: metricFamily(key, cls).id, runs: points.length, points, share: null };
    const none = { ...base, noise: null, cv: null, minEffect: null };
    if (points.length < gate.minRuns)
        return { ...none, skipped: `in ${points.length} of the runs; not calibrated below ${gate.minRuns}` };
    const b = measuredNoise(points, cls, gate);
    if (!b || !(b.df > 0))
        return { ...none, skipped: 'no two runs of one level to measure noise from' };
    if (!Number.isFinite(b.centre) || !Number.isFinite(b.sd))
        return { ...none, skipped: 'the noise could not be computed (a non-finite intermediate result)' };
    const noise = { centre: b.centre, sd: b.sd, df: b.df, runs: b.runs };
    if (b.centre === 0)
        return { ...none, noise, skipped: 'a level of 0 has no relative scale' };
    // Identical values can leave rounding in the mean's residuals: a spread below 1e-12 of the level is none.
    if (b.sd <= 1e-12 * Math.abs(b.centre))
        return {
            ...none,
            noise,
            cv: 0,
            skipped: `the same value in all ${b.runs} runs: no noise to calibrate from (the gate judges a constant history by the minimum effect alone)`,
        };
    return { ...none, noise, cv: b.sd / Math.abs(b.centre) };
}
function recommend(m, share) {
    if (m.skipped || !m.noise)
        return;
    m.share = share;
    const d = minEffectForRate(share, m.noise);
    // The config holds a minimum effect below 100 %; noise that large leaves the gate's own band to decide.
    if (d >= 1)
        m.skipped = `too noisy: the minimum effect would be ${Number.isFinite(d) ? `${(100 * d).toFixed(0)} %` : 'more than any share'} of the level`;
    else
        m.minEffect = roundUp(d);
}
/**
 * A calibration with a number that is not finite (values near 1e308 whose sums overflow somewhere the
 * scaling did not reach) is not written: the metric is said not calibrated instead, so the YAML never
 * holds `Infinity` or `NaN`, in a rule or in a comment.
 */
function finiteOnly(m) {
    const numbers = [m.cv, m.share, m.minEffect, m.band, m.noise?.centre, m.noise?.sd, ...m.power.map((p) => p.power)];
    if (numbers.every((n) => n === null || n === undefined || Number.isFinite(n)))
        return m;
    return {
        ...m,
        cv: null,
        minEffect: null,
        band: null,
        power: [],
        skipped: 'its values are too large for a finite calibration (a sum of them overflows a double)',
    };
}
function withPower(m, band) {
    if (band === null || !m.noise || !m.cv)
        return { ...m, band, power: [] };
    const k = Math.sqrt(1 + 1 / m.noise.runs);
    // The gate's band in units of the measured prediction error: the critical t of the test it makes.
    // The band is fixed once calibrated: what is left to chance is the new run and the baseline mean, so the
    // measured noise stands for σ (df = ∞) instead of spreading the threshold a second time.
    const critical = band / (m.cv * k);
    const power = POWER_AT.map((change) => ({
        change,
        power: detectionPower({ change, cv: m.cv, runs: m.noise.runs, df: Infinity, critical }),
    }));
    return { ...m, band, power };
}

/** 0.0107 → `1.07 %`, 0.21 → `21 %`: three significant digits at most. */
const percent = (x) => `${Number((100 * x).toPrecision(3))} %`;
function calibrationYaml(c) {
    const lines = [
        `# Calibrated from ${c.runs} runs of the same code at a false-alarm rate of ${percent(c.falseAlarmRate)} per run`,
        '# (training-metrics-gate calibrate; docs/gate.md, "Calibrating tolerances"). Put the metrics rules',
        '# before your own in the metrics section: the first pattern that matches a column wins.',
        ...warmupLines(c),
        'metrics:',
        ...c.metrics.flatMap(metricLines),
        ...c.unjudged.map((u) => `  # ${u.key}: not calibrated, not judged by the gate: ${u.why}`),
        'gate:',
        `  alpha: ${c.falseAlarmRate}`,
    ];
    return `${lines.join('\n')}\n`;
}
function warmupLines(c) {
    if (c.warmupSteps === null)
        return [`# warmup_steps: not detected (${c.warmupWhy})`];
    const by = c.warmup.map(([key, steps]) => `${key} ${steps}`).join(', ');
    return [
        `# warmup_steps: where the metrics reach their steady state (MSER-5, median over the runs): ${by}`,
        `warmup_steps: ${c.warmupSteps}`,
    ];
}
function metricLines(m) {
    const key = JSON.stringify(m.key);
    if (m.minEffect === null)
        return [`  # ${m.key}: not calibrated, ${m.skipped}; min_effect stays ${percent(m.cls.minEffect)}`];
    const noise = `noise ${percent(m.cv)} of the level (${m.noise.runs} runs, ${m.noise.df} df)`;
    const band = m.band === null ? '' : `; fails beyond ${percent(m.band)}`;
    const power = m.power.map((p) => `${percent(p.change)} worse ${percent(p.power)}`).join(', ');
    return [
        `  # ${m.key}: ${noise}, ${percent(m.share)} of the rate${band}; caught: ${power}`,
        `  ${key}: { kind: ${m.cls.kind}, direction: ${m.cls.direction}, min_effect: ${m.minEffect} }`,
    ];
}

class StepBatches {
    cap;
    size;
    values = [];
    steps = [];
    pending = [];
    first = Number.NaN;
    constructor(size = 5, cap = 4096) {
        this.cap = cap;
        this.size = size;
    }
    /** A finite value logged at `step` (steps increasing); anything else is skipped. */
    add(step, value) {
        if (!Number.isFinite(value))
            return;
        if (this.pending.length === 0)
            this.first = step;
        this.pending.push(value);
        if (this.pending.length < this.size)
            return;
        this.values.push(batchValue(this.pending));
        this.steps.push(this.first);
        this.pending = [];
        if (this.values.length >= this.cap)
            this.coarsen();
    }
    coarsen() {
        const values = [];
        const steps = [];
        for (let i = 0; i + 1 < this.values.length; i += 2) {
            // Halves first: the sum of two values near 1e308 overflows.
            values.push(this.values[i] / 2 + this.values[i + 1] / 2);
            steps.push(this.steps[i]);
        }
        this.values = values;
        this.steps = steps;
        this.size *= 2;
        // Values still waiting for a batch keep waiting for the bigger one.
    }
    /** The full batches (a last, partial one is left out). */
    result() {
        return { size: this.size, values: [...this.values], steps: [...this.steps] };
    }
}
/** The median of a batch's values (an even count: the mean of the middle two). */
function batchValue(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : sorted[mid - 1] / 2 + sorted[mid] / 2;
}

/**
 * Where a series' initial transient (warm-up) ends, by the marginal standard error rule, MSER (White 1997,
 * "An effective truncation heuristic for bias reduction in simulation output"; MSER-5 applies it to means
 * of 5 consecutive values, White, Cobb & Spratt 2000). Over the values y₁ … y_m, drop the first d:
 *
 *   MSER(d) = Σ_{i>d} (y_i − ȳ_d)² / (m − d)²,   ȳ_d the mean of y_{d+1} … y_m
 *
 * and take the d ≤ m/2 that minimises it: the truncation that leaves the most precise estimate of the
 * steady level. Values far from the level at the start raise MSER until they are dropped; dropping
 * steady values only shrinks the denominator. Suffix sums make it one pass, O(m). Returns d (0: no
 * transient), or null for fewer than 4 values or a non-finite one. The values are scaled by a power of two
 * first (exact; d does not depend on the scale), so sums of squares of values near 1e308 stay finite.
 */
function mserTruncation(values) {
    const m = values.length;
    if (m < 4 || values.some((v) => !Number.isFinite(v)))
        return null;
    const top = Math.max(...values.map(Math.abs));
    const down = top > 0 ? 2 ** -Math.max(-1022, Math.floor(Math.log2(top))) : 1;
    // Centred on the last value, so the suffix sums of squares do not lose the differences to rounding.
    const ref = values[m - 1] * down;
    let sum = 0;
    let squares = 0;
    const mser = new Float64Array(m);
    for (let i = m - 1; i >= 0; i--) {
        const y = values[i] * down - ref;
        sum += y;
        squares += y * y;
        const k = m - i;
        mser[i] = Math.max(0, squares - (sum * sum) / k) / (k * k);
    }
    let best = 0;
    for (let d = 1; d <= Math.floor(m / 2); d++)
        if (mser[d] < mser[best])
            best = d;
    return best;
}

/**
 * The warm-up a metric needs, from its per-step series in each A/A run: in each run, where MSER-5 ends
 * the initial transient (stats/mser-truncation.ts), counted in steps from the metric's first value as
 * `warmup_steps` counts; over the runs, the median, so one odd run does not set it.
 */
/** Steps of warm-up in one run, or null when the series is too short to tell. */
function runWarmup(series) {
    const d = mserTruncation(series.values);
    if (d === null)
        return null;
    return d === 0 ? 0 : series.steps[d] - series.steps[0];
}
/** The median over the runs that tell (rounded up to a whole step), or null when none does. */
function metricWarmup(runs) {
    const found = runs.map(runWarmup).filter((w) => w !== null);
    return found.length ? Math.ceil(median(found)) : null;
}

/**
 * A/A runs read for calibration: each summarised as `check` would, its gated window and timer metrics'
 * per-step series kept on the way (stepSeries' batches, fed by the same pass), the warm-up found from
 * them, and the runs summarised again with that warm-up when it differs from the configured one, so the
 * noise is measured on the values the fragment's `warmup_steps` will give.
 */
async function readCalibrationRuns(runs, config) {
    const first = [];
    for (const open of runs)
        first.push(await summarizeWithSeries(await open(), config));
    const warmup = new Map();
    for (const key of new Set(first.flatMap((r) => [...r.series.keys()]))) {
        const w = metricWarmup(first.flatMap((r) => r.series.get(key) ?? []));
        if (w !== null)
            warmup.set(key, w);
    }
    const warmupSteps = Math.max(0, ...warmup.values());
    let summaries = first.map((r) => r.summary);
    if (warmup.size && warmupSteps !== config.summary.warmupSteps) {
        const again = { ...config, summary: { ...config.summary, warmupSteps } };
        summaries = [];
        for (const open of runs)
            summaries.push(await summarizeRun(await open(), again));
    }
    const classes = new Map();
    const unjudged = new Map();
    for (const s of summaries) {
        const broken = brokenRunProblem(s);
        if (broken)
            throw broken;
        for (const m of s.metrics) {
            const key = metricKey(m.name);
            if (gated(m.class) && !classes.has(key))
                classes.set(key, m.class);
            else if (!gated(m.class) && !unjudged.has(key))
                unjudged.set(key, whyNotJudged(m.class));
        }
    }
    for (const key of classes.keys())
        unjudged.delete(key);
    const records = summaries.map((s) => recordFromSummary(s, { recordedAt: '', ref: '', sha: '', runId: '', baseline: false, complete: true }));
    return {
        records,
        classes,
        warmup,
        warmupWhy: warmupWhy(first.map((r) => r.series)),
        unjudged: [...unjudged].map(([key, why]) => ({ key, why })),
    };
}
/** Why a metric of the runs is not judged, in the words a config rule would change. */
function whyNotJudged(cls) {
    if (cls.kind === 'ignore')
        return 'its class is ignore';
    if (cls.direction === 'none')
        return 'neither higher nor lower is better by its name or rule (a gauge); a metrics rule with a direction gates it';
    return 'its rule says gate: false';
}
/** Why no warm-up was found from the runs' series. */
function warmupWhy(series) {
    if (series.every((s) => s.size === 0))
        return 'the runs have no gated window or timer metric to find it from';
    return 'the per-step series are too short to tell (MSER needs at least 4 values)';
}
function gated(cls) {
    return cls.gate && cls.kind !== 'ignore' && cls.direction !== 'none';
}
/** One pass: the summary, and the per-step series of the window and timer metrics it still judges as such. */
async function summarizeWithSeries(input, config) {
    const columns = input.table.columns.filter((name) => {
        const cls = classify(name, config);
        return gated(cls) && (cls.kind === 'window' || cls.kind === 'timer');
    });
    const collectors = new Map(columns.map((name) => [name, new StepBatches()]));
    const summary = await summarizeRun({ ...input, table: tee(input.table, collectors) }, config);
    const series = new Map();
    for (const m of summary.metrics) {
        const c = collectors.get(m.name);
        if (c && gated(m.class) && (m.class.kind === 'window' || m.class.kind === 'timer'))
            series.set(metricKey(m.name), c.result());
    }
    return { summary, series };
}
/** The table with each batch also handed, column by column, to the collectors named by header. */
function tee(table, collectors) {
    const feeds = table.columns.map((name, c) => [collectors.get(name), c]).filter(([b]) => b);
    async function* batches() {
        for await (const batch of table.batches) {
            for (const [collector, c] of feeds) {
                const values = batch.values[c];
                for (let i = 0; i < values.length; i++)
                    collector.add(batch.steps[i], values[i]);
            }
            yield batch;
        }
    }
    return { ...table, batches: batches() };
}

/**
 * A/A runs from a stored history: the experiment's runs on one fingerprint (runs on different hardware are
 * never compared) — the latest record's, the hardware the next check runs on — through the same
 * comparableRuns the gate uses. Classes come from the records (kind, direction, unit) and the config (the
 * minimum effect now set, and whether the metric is gated). A history keeps no per-step series, so no
 * warm-up is found from it: the fragment says so, and that the runs' files (--csv) would tell it.
 */
function historyCalibrationRuns(history, experiment, config, location) {
    const own = history.runs.filter((r) => r.experiment === experiment);
    const latest = own[own.length - 1];
    if (!latest) {
        const all = [...new Set(history.runs.map((r) => r.experiment))];
        const names = all.slice(0, 5).map((n) => JSON.stringify(n));
        const near = didYouMean(experiment, all);
        throw new InputError(location, null, `no run of experiment ${JSON.stringify(experiment)} in the history${near ? `; did you mean ${JSON.stringify(near)}?` : ''}${names.length ? ` (it holds ${names.join(', ')})` : ''}`);
    }
    // The runs a baseline would hold (no PR run, no quarantined one): the noise the gate will meet.
    const records = comparableRuns(history, experiment, latest.fingerprint);
    const counts = new Map();
    for (const r of own)
        if (r.fingerprint !== latest.fingerprint)
            counts.set(r.fingerprint, (counts.get(r.fingerprint) ?? 0) + 1);
    const classes = new Map();
    const unjudged = new Map();
    for (const r of [...records].reverse()) {
        for (const [key, m] of Object.entries(r.metrics)) {
            const cls = classify(key, config);
            if (classes.has(key) || unjudged.has(key))
                continue;
            if (!cls.gate || cls.kind === 'ignore' || m.kind === 'ignore' || m.direction === 'none')
                unjudged.set(key, whyNotJudged(cls.gate ? { ...cls, kind: m.kind, direction: m.direction } : cls));
            else
                classes.set(key, { kind: m.kind, direction: m.direction, unit: m.unit, minEffect: cls.minEffect });
        }
    }
    return {
        records,
        classes,
        fingerprint: latest.fingerprint,
        others: [...counts],
        warmupWhy: 'a history keeps no per-step series; calibrate from the runs’ files (--csv) to find it',
        unjudged: [...unjudged].map(([key, why]) => ({ key, why })),
    };
}

/**
 * `calibrate (--csv A --csv B … | --history H --experiment E) [--config FILE] [--false-alarm-rate R]`:
 * repeated runs of the same code → the config fragment of calibrated tolerances (src/gate/calibrate/),
 * printed as YAML on stdout. Exit 0, or 2 with one line on bad input.
 */
const USAGE = `usage: training-metrics-gate calibrate ${CALIBRATE_FLAGS}`;
async function calibrateCommand(args, io, env = {}) {
    try {
        const flags = calibrateFlags(args);
        io.showProgress?.(env, flags.quiet);
        const progress = flags.quiet ? SILENT : (io.progress ?? SILENT);
        const config = await loadConfig(flags.config);
        const gate = sectionValue(config.gate);
        const rate = flags.rate ?? gate.alpha;
        let input;
        if (flags.history) {
            const store = openHistory(flags.history);
            const history = await store.readIfExists();
            if (!history)
                throw new InputError(store.location, null, 'the history does not exist (no such file or branch)');
            const runs = historyCalibrationRuns(history, flags.experiment, config, store.location);
            for (const [fingerprint, n] of runs.others)
                io.warn(`${n} run(s) on ${fingerprint || 'no fingerprint'} left out: calibrating the latest run's, ${runs.fingerprint || 'no fingerprint'}`);
            input = { ...runs, falseAlarmRate: rate, gate };
        }
        else {
            // Run names only tell the runs apart here: two files of one name need no warning.
            const opened = await csvRunOpeners(flags.csv, config, [], () => 'calibrate', progress);
            const task = progress.task('runs read', opened.length, 'runs');
            const openers = opened.map((open) => async () => {
                try {
                    return await open();
                }
                finally {
                    task.add(1);
                }
            });
            input = { ...(await readCalibrationRuns(openers, config)), falseAlarmRate: rate, gate };
            task.end();
        }
        io.print(calibrationYaml(calibrateTolerances(input)));
        return 0;
    }
    catch (e) {
        // A store that cannot be reached (a server down, a branch without a remote) is said in one line.
        if (e instanceof InputError)
            io.error(e.message);
        else if (e instanceof HistoryStoreError)
            io.error(`calibrate: ${e.message.split('\n')[0]}`);
        else
            io.error(`calibrate: internal error: ${e.stack ?? String(e)}`);
        return 2;
    }
}
function calibrateFlags(args) {
    const bad = (why) => new InputError('arguments', null, `${why}\n${USAGE}`);
    let v;
    try {
        v = parseArgs({
            args,
            options: {
                csv: { type: 'string', multiple: true },
                history: { type: 'string' },
                experiment: { type: 'string' },
                config: { type: 'string' },
                'false-alarm-rate': { type: 'string' },
                quiet: { type: 'boolean' },
            },
            allowPositionals: false,
            strict: true,
        }).values;
    }
    catch (e) {
        throw bad(e.message.split('\n')[0]);
    }
    const csv = v.csv ?? [];
    const history = v.history ?? null;
    const experiment = v.experiment ?? null;
    if (csv.length > 0 === (history !== null))
        throw bad('give the runs as --csv files or as --history with --experiment');
    if (history !== null && !experiment)
        throw bad('--history needs --experiment: the history is kept per experiment');
    const text = v['false-alarm-rate'];
    const rate = text === undefined ? null : Number(text);
    if (rate !== null && !(rate >= 1e-6 && rate <= 0.5))
        throw bad(`--false-alarm-rate is a probability per run from 0.000001 to 0.5 (as gate.alpha), got "${text}"`);
    return { csv, history, experiment, config: v.config ?? null, rate, quiet: v.quiet === true };
}

export { calibrateCommand };
