import { s as sectionValue } from './section-BKtjgfFD.js';
import { m as median, a as medianAbsoluteDeviation, p as probit, g as gammaln, e as errorFunction, b as mean, s as sampleStandardDeviation } from './simple-statistics-D2hWEzpD.js';
import { D as DEFAULT_GATE_CONFIG, n as metricKey, u as fingerprintKey, v as branchType, x as parseJsonLimited, I as InputError, y as lineAt, z as redactUrlCredentials } from './run-D1M0bzvF.js';
import { f as formatValue, a as formatChange, b as formatSpread, s as spreadLabel } from './format-CFdaLMzN.js';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, open, unlink, stat, rename, link, readFile, realpath, chmod } from 'node:fs/promises';
import { tmpdir, hostname } from 'node:os';
import { join, dirname, basename } from 'node:path';
import { e as emptyHistory, p as parse, H as HISTORY_FORMAT, a as printParseErrorCode, b as appendRecords, s as serializeHistory, c as comparableRuns, d as sameRecordedRun } from './main-4JGvqICr.js';
import { d as distExports } from './index-D2ITh64m.js';
import { l as linedDocument } from './yaml-lines-xoO3ruIC.js';
import { randomBytes } from 'node:crypto';
import 'node:fs';
import 'node:stream';
import 'process';
import 'buffer';

/**
 * A sampled curve's value at a step, by linear interpolation between the two nearest samples:
 *   v(s) = v₀ + (v₁ − v₀)·(s − s₀)/(s₁ − s₀)
 * null outside the sampled range. Used to compare a run that stopped early with the history at the
 * same step rather than at the history's end.
 */
function valueAtStep(samples, step) {
    if (samples.length === 0)
        return null;
    for (let i = 0; i < samples.length; i++) {
        const [s1, v1] = samples[i];
        if (s1 === step)
            return v1 ?? null;
        if (s1 > step) {
            if (i === 0)
                return null;
            const [s0, v0] = samples[i - 1];
            if (v0 === null || v1 === null)
                return null;
            return v0 + ((v1 - v0) * (step - s0)) / (s1 - s0);
        }
    }
    return null;
}

/**
 * Runs far from the rest: |rᵢ − median(r)| > k · 1.4826 · MAD(r), with MAD(r) = median |rᵢ − median(r)|.
 * 1.4826 · MAD estimates σ for normal data, and unlike the standard deviation one wild run cannot inflate it,
 * so a single broken run in the history is set aside instead of blinding the gate. With MAD = 0 (over half
 * the values identical, e.g. memory) there is no robust scale and nothing is flagged.
 */
function outlierRuns(residuals, k = 5) {
    if (residuals.length < 3)
        return residuals.map(() => false);
    const values = [...residuals];
    const centre = median(values);
    const sigma = 1.4826 * medianAbsoluteDeviation(values);
    if (!(sigma > 0))
        return residuals.map(() => false);
    return residuals.map((r) => Math.abs(r - centre) > k * sigma);
}

/**
 * Variance pooled over segments of the history, each around its own mean (one-way ANOVA within-group):
 *   s² = Σ_g Σ_i (x_gi − x̄_g)² / (N − G),  df = N − G
 * so a level shift between segments (an accepted speed-up) does not count as noise, while every run still
 * lends its scatter to the estimate. Segments of one run add no degrees of freedom. df = 0 gives NaN.
 */
function pooledVariance(segments) {
    let sum = 0;
    let n = 0;
    let groups = 0;
    for (const seg of segments) {
        if (seg.length === 0)
            continue;
        const mean = seg.reduce((a, b) => a + b, 0) / seg.length;
        for (const x of seg)
            sum += (x - mean) ** 2;
        n += seg.length;
        groups += 1;
    }
    const df = n - groups;
    return { variance: df > 0 ? sum / df : NaN, df };
}

/**
 * Does the history contradict the prior on its noise? Under the prior, ν·s²/σ₀² ~ χ²(ν); the history is
 * noisier than the prior allows when ν·s²/σ₀² exceeds the upper `level` quantile of χ²(ν), taken from the
 * Wilson–Hilferty approximation
 *   χ²_ν(1 − level) ≈ ν · (1 − 2/(9ν) + z_{1−level} · √(2/(9ν)))³
 * (within about 1 % of exact for ν ≥ 3). A prior that understates the noise of a noisy cluster would
 * otherwise shrink the band and raise false alarms; the gate then drops the prior and trusts the history.
 */
function chiSquaredUpper(df, level) {
    const a = 2 / (9 * df);
    return df * (1 - a + probit(1 - level) * Math.sqrt(a)) ** 3;
}
function priorConflict(sample, prior, level = 0.01) {
    if (!(sample.df > 0) || !(prior.df > 0) || !(prior.variance > 0) || !Number.isFinite(sample.variance))
        return false;
    return (sample.df * sample.variance) / prior.variance > chiSquaredUpper(sample.df, level);
}

/**
 * Variance with a weakly-informative prior worth ν₀ pseudo-runs at variance σ₀² (the conjugate
 * scaled-inverse-χ² update for a normal model):
 *   s_p² = (ν₀ σ₀² + ν s²) / (ν₀ + ν),  df_p = ν₀ + ν
 * With ten runs the sample variance alone has 9 degrees of freedom and a heavy-tailed t; a prior at a
 * typical run-to-run level steadies it, and its weight fades as the history grows. ν₀ = 0 returns s² as is.
 */
function priorVariance(sample, prior) {
    const v = sample.df > 0 && Number.isFinite(sample.variance) ? sample : { variance: 0, df: 0 };
    const df = prior.df + v.df;
    if (df <= 0)
        return { variance: NaN, df: 0 };
    return { variance: (prior.df * prior.variance + v.df * v.variance) / df, df };
}

/**
 * Regularized incomplete beta function
 *   I_x(a, b) = B(x; a, b) / B(a, b) = x^a (1−x)^b / (a·B(a, b)) · 1/(1+ d₁/(1+ d₂/(1+ …)))
 * by the continued fraction (modified Lentz), used directly for x < (a+1)/(a+b+2) and through
 * I_x(a, b) = 1 − I_{1−x}(b, a) otherwise, where it converges fast (Numerical Recipes §6.4).
 * Written here because the packaged versions bundle to close to a megabyte; it is checked against one.
 */
function incompleteBeta(x, a, b) {
    if (!(a > 0 && b > 0))
        throw new RangeError(`the incomplete beta function needs a, b > 0 (got ${a}, ${b})`);
    if (Number.isNaN(x))
        return NaN;
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    const front = Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return (front * continuedFraction(x, a, b)) / a;
    return 1 - (front * continuedFraction(1 - x, b, a)) / b;
}
function continuedFraction(x, a, b) {
    const tiny = 1e-300;
    let c = 1;
    let d = 1 - ((a + b) * x) / (a + 1);
    if (Math.abs(d) < tiny)
        d = tiny;
    d = 1 / d;
    let h = d;
    for (let m = 1; m <= 1000; m++) {
        const m2 = 2 * m;
        let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
        d = 1 + aa * d;
        if (Math.abs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (Math.abs(c) < tiny)
            c = tiny;
        d = 1 / d;
        h *= d * c;
        aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
        d = 1 + aa * d;
        if (Math.abs(d) < tiny)
            d = tiny;
        c = 1 + aa / c;
        if (Math.abs(c) < tiny)
            c = tiny;
        d = 1 / d;
        const delta = d * c;
        h *= delta;
        if (Math.abs(delta - 1) < 1e-15)
            break;
    }
    return h;
}

/**
 * Student's t distribution (simple-statistics has no t quantile).
 *   P(T > x) = ½ · I_{ν/(ν+x²)}(ν/2, ½)            for x ≥ 0, and 1 − P(T > −x) below 0
 * `tQuantile(p, ν)` inverts it by bisection to 1e-12 (monotone, so it cannot fail to converge). For
 * ν = ∞ both fall back to the normal distribution.
 */
function tUpperTail(x, df) {
    if (!(df > 0))
        throw new RangeError(`degrees of freedom ${df} must be > 0`);
    if (Number.isNaN(x))
        return NaN;
    if (!Number.isFinite(df))
        return 1 - normalCdf(x);
    if (x === Infinity)
        return 0;
    if (x === -Infinity)
        return 1;
    const tail = 0.5 * incompleteBeta(df / (df + x * x), df / 2, 0.5);
    return x >= 0 ? tail : 1 - tail;
}
function tQuantile(p, df) {
    if (!(p > 0 && p < 1))
        throw new RangeError(`probability ${p} is not in (0, 1)`);
    if (!(df > 0))
        throw new RangeError(`degrees of freedom ${df} must be > 0`);
    if (!Number.isFinite(df))
        return probit(p);
    if (p === 0.5)
        return 0;
    if (p < 0.5)
        return -tQuantile(1 - p, df);
    // Bracket the root of P(T > x) = 1 − p, then bisect.
    const q = 1 - p;
    let lo = 0;
    let hi = 1;
    while (tUpperTail(hi, df) > q)
        hi *= 2;
    for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, hi); i++) {
        const mid = (lo + hi) / 2;
        if (tUpperTail(mid, df) > q)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}
/** Φ(x) = ½(1 + erf(x/√2)): simple-statistics' table-based cumulativeStdNormalProbability is only good to 1e-4. */
function normalCdf(x) {
    return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}

/**
 * Level shifts in a sequence of run values, by binary segmentation with a two-sample t test.
 * For each split k (both sides at least `minSegment` runs):
 *   t_k = (x̄_after − x̄_before) / (s_p · √(1/a + 1/b)),  s_p² pooled within the two sides, df = a + b − 2
 * The largest |t_k| is a shift when its two-sided p-value times the number of splits tried (Bonferroni,
 * since the best split is chosen after looking) is below `alpha`, and the step is at least `minStep`
 * (relative to |x̄_before|: a shift too small to matter is noise for the gate's purposes). Each side is then
 * searched again. Returns the indexes where new segments start, ascending.
 * An optional prior on the variance (priorVariance) steadies s_p and adds its degrees of freedom, unless
 * the two sides are noisier than it allows (priorConflict).
 */
function levelShifts(values, options) {
    const starts = [];
    search(values, 0, values.length, options, starts);
    return starts.sort((a, b) => a - b);
}
function search(values, from, to, o, out) {
    const m = o.minSegment ?? 2;
    const n = to - from;
    if (n < 2 * m)
        return;
    let best = null;
    const splits = n - 2 * m + 1;
    for (let k = from + m; k <= to - m; k++) {
        const before = values.slice(from, k);
        const after = values.slice(k, to);
        const within = pooledVariance([before, after]);
        const prior = o.prior && !priorConflict(within, o.prior) ? o.prior : { variance: 0, df: 0 };
        const { variance, df } = priorVariance(within, prior);
        if (df <= 0)
            continue;
        const mb = mean(before);
        const diff = mean(after) - mb;
        const se = Math.sqrt(variance * (1 / before.length + 1 / after.length));
        const t = se > 0 ? diff / se : diff === 0 ? 0 : Infinity * Math.sign(diff);
        const step = mb !== 0 ? Math.abs(diff / mb) : Math.abs(diff) > 0 ? Infinity : 0;
        if (!best || Math.abs(t) > Math.abs(best.t))
            best = { k, t, step, df };
    }
    if (!best)
        return;
    const p = 2 * tUpperTail(Math.abs(best.t), best.df);
    if (p * splits >= o.alpha || best.step < o.minStep)
        return;
    out.push(best.k);
    search(values, from, best.k, o, out);
    search(values, best.k, to, o, out);
}

/**
 * The baseline for one metric from the comparable history: which runs set the level, where the level
 * is, and how much it varies from run to run.
 *
 *  1. Segments start at runs marked `baseline` (an acknowledged change).
 *  2. Within each, level shifts at least the minimum effect in size and significant (levelShifts) split it
 *     further.
 *  3. A run far from its own level's median (outlierRuns) is set aside.
 *  4. The level is the mean of the latest *accepted* segment: a later segment is accepted when it is
 *     marked, or better than the accepted level. A shift for the worse that nobody acknowledged does not
 *     become the new normal: runs are still compared with the last good level until someone marks a new
 *     baseline.
 *  5. Run-to-run noise is pooled within all segments (a shift is not noise), steadied by the prior unless
 *     the history contradicts it (priorConflict), and never below the noise floor.
 */
function buildBaseline(points, o) {
    const finite = points.filter((p) => Number.isFinite(p.value));
    if (finite.length === 0)
        return null;
    const notes = [];
    // 1. Marked segments.
    const marked = [];
    for (const p of finite) {
        if (p.marked || marked.length === 0)
            marked.push([]);
        marked[marked.length - 1].push(p);
    }
    // 2. Level shifts within each marked segment.
    const level0 = median(finite.map((p) => p.value));
    const shiftPrior = { variance: (o.priorCv * level0) ** 2, df: o.priorRuns };
    const raw = [];
    for (const seg of marked) {
        const values = seg.map((p) => p.value);
        const starts = [
            0,
            ...levelShifts(values, { alpha: o.shiftAlpha, minStep: o.minEffect, prior: shiftPrior, minSegment: 3 }),
            values.length,
        ];
        for (let i = 0; i + 1 < starts.length; i++) {
            raw.push({ values: values.slice(starts[i], starts[i + 1]), marked: i === 0 && seg[0].marked });
        }
    }
    // 3. Outlier runs, judged against their own level (after the shifts, so a new level is not taken for outliers).
    const residuals = raw.flatMap((seg) => {
        const m = median(seg.values);
        return seg.values.map((v) => v - m);
    });
    const outlier = outlierRuns(residuals, o.outlierMads);
    let k = 0;
    const segments = raw
        .map((seg) => ({ marked: seg.marked, values: seg.values.filter(() => !outlier[k++]) }))
        .filter((seg) => seg.values.length > 0);
    const setAside = outlier.filter(Boolean).length;
    if (setAside)
        notes.push(`${setAside} outlier run${setAside === 1 ? '' : 's'} set aside`);
    // 4. The accepted level.
    let accepted = 0;
    for (let i = 1; i < segments.length; i++) {
        if (segments[i].marked || o.better * (mean(segments[i].values) - mean(segments[accepted].values)) > 0)
            accepted = i;
    }
    const level = segments[accepted].values;
    const centre = mean(level);
    const since = segments.slice(accepted + 1).reduce((n, s) => n + s.values.length, 0);
    const total = segments.reduce((n, s) => n + s.values.length, 0);
    if (segments.length > 1) {
        const why = segments[accepted].marked
            ? 'since the run marked as a new baseline'
            : accepted > 0
                ? 'since an accepted shift'
                : 'the first level in the history';
        notes.push(`level of ${level.length} run${level.length === 1 ? '' : 's'} ${why}`);
        if (since > 0)
            notes.push(`the ${since} latest run${since === 1 ? ' is' : 's are'} worse and not acknowledged as a new baseline`);
    }
    // 5. Noise.
    const sample = pooledVariance(segments.map((s) => s.values));
    const prior = { variance: (o.priorCv * centre) ** 2, df: o.priorRuns };
    const conflict = priorConflict(sample, prior);
    if (conflict)
        notes.push('noisier than the prior allows, so the history alone sets the noise');
    const pooled = conflict ? sample : priorVariance(sample, prior);
    const floor = o.noiseFloor * Math.abs(centre);
    const sd = Number.isFinite(pooled.variance) ? Math.max(Math.sqrt(pooled.variance), floor) : NaN;
    return { centre, sd, df: pooled.df, runs: level.length, used: total, level, note: notes.join('; ') };
}

/**
 * Did the run get as far as runs usually do? Expected steps are the median last step of the complete
 * comparable runs; a run is complete when its file was not cut off and it reached `fraction` of them.
 */
function runCompleteness(summary, history, fraction) {
    const done = history.filter((r) => r.complete && Number.isFinite(r.steps)).map((r) => r.steps);
    const expectedSteps = done.length ? median(done) : null;
    const steps = Number.isFinite(summary.steps.last) ? summary.steps.last : 0;
    const reached = expectedSteps === null || steps >= expectedSteps * fraction;
    return {
        complete: reached && !summary.truncated && summary.steps.count > 0,
        reached,
        steps,
        expectedSteps,
        truncated: summary.truncated,
    };
}

function completenessVerdict(c, runs, config) {
    const base = { name: 'steps', direction: 'higher', unit: 'count', current: c.steps, change: null };
    const baseline = c.expectedSteps === null ? null : { centre: c.expectedSteps, band: 0, runs, history: [] };
    if (c.reached) {
        return {
            ...base,
            baseline,
            verdict: 'pass',
            reason: `the file ends inside a row (still being written, or cut off) after step ${c.steps}; all usual steps reached`,
        };
    }
    const where = `stopped at step ${c.steps} of the usual ${formatValue(c.expectedSteps)}${c.truncated ? ', the file ends inside a row' : ''}`;
    if (runs < config.minRuns)
        return {
            ...base,
            baseline,
            verdict: 'insufficient-history',
            reason: `run ${where} (not judged below ${config.minRuns} runs)`,
        };
    if (c.truncated)
        return { ...base, baseline, verdict: 'regression', reason: `run ${where}: incomplete, cut off (a crash)` };
    if (config.requireComplete)
        return { ...base, baseline, verdict: 'regression', reason: `run ${where}: incomplete (require_complete is set)` };
    return {
        ...base,
        baseline,
        verdict: 'pass',
        reason: `run ${where}: incomplete, ended cleanly (a warning; set gate.require_complete to fail on it)`,
    };
}

function constantHistoryVerdict(m, current, level, runs) {
    const better = m.class.direction === 'higher' ? 1 : -1;
    const tolerance = m.class.minEffect * Math.abs(level);
    const worse = -better * (current - level);
    const verdict = worse > tolerance ? 'regression' : -worse > tolerance ? 'improvement' : 'pass';
    const change = level === 0 ? null : (current - level) / Math.abs(level);
    const by = change === null ? (current === level ? 'unchanged' : 'changed') : formatChange(change);
    const effect = `the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
    const why = verdict === 'regression'
        ? `worse beyond ${level === 0 ? 'a level of 0' : effect}`
        : verdict === 'improvement'
            ? `better beyond ${level === 0 ? 'a level of 0' : effect}`
            : `within ${effect}`;
    return {
        name: m.name,
        verdict,
        direction: m.class.direction,
        unit: m.class.unit,
        current,
        baseline: { centre: level, band: tolerance, runs, history: new Array(runs).fill(level) },
        change,
        reason: `${m.name} ${formatValue(current)} vs ${formatValue(level)}, the same in all ${runs} runs: ${by}, ${why} (no run-to-run spread to test against)`,
    };
}

/** The runs since the latest mark (the marked run first), or null when no run of the history is marked. */
function runsSinceMark(history) {
    for (let i = history.length - 1; i >= 0; i--)
        if (history[i].baseline)
            return history.slice(i);
    return null;
}
/** The marked run's verdicts: a regression becomes an accepted pass, except those that always fail. */
function acceptAsBaseline(verdicts, alwaysFail) {
    return verdicts.map((v) => v.verdict === 'regression' && !alwaysFail.has(v.name)
        ? { ...v, verdict: 'pass', reason: `accepted as the new baseline: ${v.reason}` }
        : v);
}

const MEMORY = /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])|bytes|mebibytes|gibibytes/;
function metricFamily(key, cls) {
    if (cls.kind === 'loss')
        return { id: `loss:${key}`, kind: 'loss' };
    if (MEMORY.test(key) || MEMORY.test(cls.unit))
        return { id: 'memory', kind: 'memory' };
    // GPU activity from telemetry (utilization, SM and tensor activity) moves together, but not in lock-step
    // with the training loop's own throughput: a family of its own.
    if (/^gpu\./.test(key))
        return { id: 'gpu', kind: 'other' };
    if (cls.kind === 'timer' || (cls.kind === 'window' && cls.direction === 'higher'))
        return { id: 'throughput', kind: 'throughput' };
    return { id: `other:${key}`, kind: 'other' };
}

/**
 * Split a family-wise false-alarm rate α over independent metric families (weighted Bonferroni).
 * A family also needs its change to exceed a minimum effect, so under "nothing changed" it can fire at
 * most with probability πf = P(noise alone exceeds the minimum effect), whatever its share. Families are
 * filled in order of πf: one whose πf is below an equal share of what is left gets exactly πf; the rest
 * share the remainder equally. Then P(any false alarm) ≤ Σf min(αf, πf) ≤ α. The split is computed
 * from the history alone, before the current run is looked at, so the bound holds.
 */
function errorBudget(alpha, floors) {
    const out = floors.map(() => 0);
    const order = floors.map((p, i) => [Number.isFinite(p) ? Math.max(0, p) : 1, i]).sort((a, b) => a[0] - b[0]);
    let remaining = alpha;
    let left = order.length;
    let k = 0;
    for (; k < order.length; k++) {
        const [pi, i] = order[k];
        if (pi > remaining / left)
            break;
        out[i] = pi;
        remaining -= pi;
        left -= 1;
    }
    for (; k < order.length; k++)
        out[order[k][1]] = remaining / left;
    return out;
}

/**
 * Studentised distance of a new run from the baseline, for a prediction interval:
 *   T = (x − x̄) / (s · √(1 + 1/n))
 * where x̄ is the mean of the n baseline runs and s the run-to-run standard deviation. Under "nothing
 * changed" T follows Student's t with the degrees of freedom of s: the new run's own noise (the 1) and the
 * baseline mean's uncertainty (the 1/n) are both counted.
 */
function predictionT(x, centre, sd, n) {
    if (!(n >= 1))
        throw new RangeError(`baseline of ${n} runs`);
    return (x - centre) / (sd * Math.sqrt(1 + 1 / n));
}

/**
 * The verdict on one run against its comparable history. See docs/gate.md for the method; in short:
 * per metric, a one-sided prediction-interval test of the run against the accepted baseline level, with
 * run-to-run noise from the history (never from steps), a minimum effect, and one false-alarm budget per
 * run split over metric families. Non-finite loss and divergence fail whatever the history.
 */
function judgeRun(summary, history, config = DEFAULT_GATE_CONFIG, context = {}) {
    // Since a new baseline, only the runs after the mark say how far a run gets.
    const sinceMark = runsSinceMark(history);
    const completeness = runCompleteness(summary, sinceMark ?? history, config.completeFraction);
    let verdicts = [];
    const pending = [];
    const present = new Set();
    const alwaysFail = new Set();
    for (const m of summary.metrics) {
        const key = metricKey(m.name);
        present.add(key);
        if (!m.class.gate || m.class.direction === 'none' || m.class.kind === 'ignore')
            continue;
        if (brokenLoss(m))
            alwaysFail.add(m.name);
        const judged = judgeMetric(m, key, history, completeness, config, {
            sinceMark: sinceMark?.length ?? null,
            noComparable: context.noComparable,
        });
        if ('verdict' in judged) {
            verdicts.push(judged);
            continue;
        }
        // Its place in the order, decided once the budget is split.
        pending.push({ ...judged, index: verdicts.length });
        verdicts.push({
            ...verdictBase(m),
            verdict: 'pass',
            current: judged.current,
            baseline: null,
            change: null,
            reason: '',
        });
    }
    spendBudget(pending, verdicts, config.alpha);
    if (!completeness.complete)
        verdicts.push(completenessVerdict(completeness, Math.min(history.length, sinceMark?.length ?? Infinity), config));
    verdicts.push(...missingVerdicts(history, present));
    if (context.newBaseline)
        verdicts = acceptAsBaseline(verdicts, alwaysFail);
    return {
        experiment: summary.experiment,
        name: summary.name,
        fingerprint: fingerprintKey(summary.fingerprint),
        regression: verdicts.some((v) => v.verdict === 'regression'),
        run: {
            complete: completeness.complete,
            steps: completeness.steps,
            expectedSteps: completeness.expectedSteps,
            truncated: completeness.truncated,
        },
        metrics: verdicts,
        ...(context.noComparable && history.length === 0 ? { noComparable: context.noComparable } : {}),
    };
}
function verdictBase(m) {
    return { name: m.name, direction: m.class.direction, unit: m.class.unit };
}
/** A gated metric's verdict when it needs no budget (broken, missing, too little history), else what the budget needs. */
function judgeMetric(m, key, history, completeness, config, where) {
    const better = m.class.direction === 'higher' ? 1 : -1;
    const family = metricFamily(key, m.class);
    const base = verdictBase(m);
    const broken = brokenLoss(m);
    const aligned = m.loss && !completeness.reached ? (m.loss.finalWindow.from + m.lastStep) / 2 : null;
    const points = historyPoints(history, key, m.class.kind === 'loss', aligned);
    const values = points.map((p) => p.value).filter(Number.isFinite);
    const current = currentValue(m);
    if (broken) {
        return {
            ...base,
            verdict: 'regression',
            current: Number.isFinite(current) ? current : null,
            baseline: null,
            change: null,
            reason: `${m.name}: ${broken}`,
        };
    }
    if (!Number.isFinite(current)) {
        return {
            ...base,
            verdict: 'missing',
            current: null,
            baseline: null,
            change: null,
            reason: `${m.name}: no finite value in this run`,
        };
    }
    if (where.sinceMark !== null && where.sinceMark < config.minRuns) {
        const since = points
            .slice(points.length - where.sinceMark)
            .map((p) => p.value)
            .filter(Number.isFinite);
        const n = where.sinceMark;
        const why = `${n} run${n === 1 ? '' : 's'} since the new baseline; not judged below ${config.minRuns}`;
        return insufficientHistory(m, current, since, config, { why });
    }
    const baseline = values.length >= config.minRuns
        ? buildBaseline(points, {
            better,
            minEffect: m.class.minEffect,
            shiftAlpha: config.shiftAlpha,
            outlierMads: config.outlierMads,
            priorRuns: config.priorRuns,
            priorCv: config.priorCv[family.kind],
            noiseFloor: config.noiseFloor,
        })
        : null;
    if (baseline && baseline.sd === 0)
        return constantHistoryVerdict(m, current, baseline.centre, baseline.runs);
    if (!baseline || !(baseline.sd > 0) || !(baseline.df > 0))
        return insufficientHistory(m, current, values, config, { none: where.noComparable });
    const scale = baseline.sd * Math.sqrt(1 + 1 / baseline.runs);
    const worse = -better * predictionT(current, baseline.centre, baseline.sd, baseline.runs);
    const minT = (m.class.minEffect * Math.abs(baseline.centre)) / scale;
    return {
        family: family.id,
        metric: m,
        current,
        baseline,
        scale,
        worse,
        minT,
        floor: tUpperTail(minT, baseline.df),
        history: values,
    };
}
/**
 * Too few runs for a threshold (or since a new baseline): the run is shown against the history's plain
 * centre. `none` says why there are no comparable runs; `why` replaces the reason it is not judged.
 */
function insufficientHistory(m, current, values, config, words = {}) {
    const centre = values.length ? mean(values) : null;
    const change = centre ? (current - centre) / Math.abs(centre) : null;
    // Too few runs for a threshold: the spread is their plain scatter (one SD), 0 for a single run.
    const sd = values.length > 1 ? sampleStandardDeviation(values) : 0;
    const vs = centre === null
        ? (words.none ?? 'no comparable runs yet')
        : `${formatValue(current)} vs ${formatValue(centre)} ${formatSpread(centre, sd, spreadLabel('insufficient-history'))} over ${values.length} run${values.length === 1 ? '' : 's'}${change === null ? '' : `: ${formatChange(change)}`}`;
    const why = words.why ??
        (values.length >= config.minRuns
            ? 'not judged: the history has no finite spread to judge against'
            : `not judged below ${config.minRuns} runs`);
    return {
        ...verdictBase(m),
        verdict: 'insufficient-history',
        current,
        baseline: centre === null
            ? null
            : {
                centre,
                band: sd,
                runs: values.length,
                history: values,
            },
        change,
        reason: `${m.name} ${centre === null ? `${formatValue(current)}: ` : ''}${vs} (${why})`,
    };
}
/** One false-alarm budget for the run, split over families before looking at the current values. */
function spendBudget(pending, verdicts, alpha) {
    const families = [...new Set(pending.map((p) => p.family))];
    const floors = families.map((f) => Math.max(...pending.filter((p) => p.family === f).map((p) => p.floor)));
    const shares = errorBudget(alpha, floors);
    for (const p of pending) {
        const share = shares[families.indexOf(p.family)];
        // With share ≥ floor the minimum effect alone keeps false alarms within the share.
        const threshold = share >= p.floor ? p.minT : Math.max(p.minT, 1 - share < 1 ? tQuantile(1 - share, p.baseline.df) : Infinity);
        verdicts[p.index] = decide(p, threshold, alpha);
    }
}
/** `alpha`, the whole budget, tells a change that is real but below the minimum effect from noise. */
function decide(p, threshold, alpha) {
    const { metric: m, baseline: b, current } = p;
    const centre = Math.abs(b.centre);
    const change = (current - b.centre) / centre;
    const band = threshold * p.scale;
    const verdict = p.worse > threshold ? 'regression' : -p.worse > threshold ? 'improvement' : 'pass';
    const spread = formatSpread(b.centre, band, spreadLabel(verdict));
    const head = `${m.name} ${formatValue(current)} vs ${formatValue(b.centre)} ${spread} over ${b.runs} run${b.runs === 1 ? '' : 's'}: ${formatChange(change)}`;
    let why;
    if (verdict === 'regression')
        why = 'worse beyond the noise band';
    else if (verdict === 'improvement')
        why = 'better beyond the noise band';
    else if (Math.abs(p.worse) <= p.minT && Math.abs(p.worse) > tQuantile(1 - alpha, b.df))
        why = `real but below the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
    else if (threshold === p.minT)
        why = `within the ${formatChange(m.class.minEffect).slice(1)} minimum effect`;
    else
        why = 'within the noise band';
    return {
        name: m.name,
        verdict,
        direction: m.class.direction,
        unit: m.class.unit,
        current,
        baseline: { centre: b.centre, band, runs: b.runs, history: p.history },
        change,
        reason: `${head}, ${why}${b.note ? ` (${b.note})` : ''}`,
    };
}
/** NaN or infinite loss values, or a divergence: always a regression. */
function brokenLoss(m) {
    if (m.class.kind !== 'loss')
        return null;
    if (m.nan + m.inf > 0) {
        const what = [m.nan ? `${m.nan} NaN` : '', m.inf ? `${m.inf} infinite` : ''].filter(Boolean).join(' and ');
        return `${what} value${m.nan + m.inf === 1 ? '' : 's'}, first at step ${m.firstNonFiniteStep} (always a regression)`;
    }
    const d = m.loss?.divergence;
    if (d)
        return `diverged from step ${d.step} (${formatValue(d.value)} against a best of ${formatValue(d.min)}; always a regression)`;
    return null;
}
function currentValue(m) {
    if (m.class.kind === 'loss')
        return m.loss?.finalWindow.median ?? Number.NaN;
    if (m.steady)
        return m.steady.median;
    return m.count > 0 ? m.last : Number.NaN;
}
/** The metric's value in each comparable run, oldest first; a baseline mark on a run without it carries over. */
function historyPoints(history, key, loss, alignedStep) {
    const points = [];
    let mark = false;
    for (const r of history) {
        mark ||= r.baseline;
        const m = r.metrics[key];
        if (!m)
            continue;
        let value;
        if (loss && alignedStep !== null)
            value = m.samples ? valueAtStep(m.samples, alignedStep) : null;
        else
            value = loss ? m.final : m.centre;
        points.push({ value: typeof value === 'number' ? value : Number.NaN, marked: mark });
        mark = false;
    }
    return points;
}
/** Judged metrics the latest comparable run had and this run lacks. */
function missingVerdicts(history, present) {
    const last = history[history.length - 1];
    if (!last)
        return [];
    return Object.entries(last.metrics)
        .filter(([key, m]) => !present.has(key) && m.direction !== 'none' && m.kind !== 'ignore' && m.kind !== 'gauge')
        .map(([key, m]) => ({
        name: key,
        verdict: 'missing',
        direction: m.direction,
        unit: m.unit,
        current: null,
        baseline: null,
        change: null,
        reason: `${key}: in the latest recorded run, absent from this one (not a regression; check the column names)`,
    }));
}

/** `gpu=H100,world_size=8` → its fields (values may hold `=`; fields are split on `,` before a key). */
function fields(key) {
    const out = new Map();
    for (const part of key.split(/,(?=[^,=]+=)/)) {
        if (!part)
            continue;
        const i = part.indexOf('=');
        out.set(i < 0 ? part : part.slice(0, i), i < 0 ? '' : part.slice(i + 1));
    }
    return out;
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
        return `no comparable runs: no run of experiment ${JSON.stringify(experiment)} in the history (it holds ${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''})`;
    }
    const mine = fields(fingerprint);
    const groups = new Map();
    for (const r of same)
        groups.set(r.fingerprint, (groups.get(r.fingerprint) ?? 0) + 1);
    // Nearest: fewest differing fields, then most runs.
    const [nearest, count] = [...groups].sort((a, b) => differing(mine, fields(a[0])).mine.length - differing(mine, fields(b[0])).mine.length || b[1] - a[1])[0];
    const d = differing(mine, fields(nearest));
    return `no comparable runs: ${count} run${count === 1 ? '' : 's'} of this experiment on ${d.theirs.join(', ')}; this run is ${d.mine.join(', ')}`;
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
        metrics[metricKey(m.name)] = entry;
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

/**
 * Baseline policy: which runs are written to the history. Pull requests compare and never write (they
 * would set the level for the code they change). Runs of the default branch and scheduled runs record
 * themselves even when they regress, so the history is the truth and an intended change can be
 * acknowledged (a run marked as a new baseline) instead of leaving the gate stuck on an old level.
 */
function shouldRecord(mode, github) {
    if (mode === 'never')
        return { record: false, reason: 'record is never' };
    if (mode === 'always')
        return { record: true, reason: 'record is always' };
    const type = branchType(github);
    if (type === 'pr')
        return { record: false, reason: 'pull requests are compared, never recorded' };
    if (github.eventName === 'schedule')
        return { record: true, reason: 'scheduled runs are recorded' };
    if (type === 'main')
        return { record: true, reason: `runs of the default branch (${github.defaultBranch}) are recorded` };
    if (!github.eventName)
        return { record: false, reason: 'not in a workflow: use record (or record: always) to write the history' };
    return {
        record: false,
        reason: `only default-branch and scheduled runs are recorded (this is ${github.ref || github.eventName})`,
    };
}

/**
 * Read a history file's text, refusing anything it cannot trust: a syntax error, a record of the wrong
 * shape (a hand edit gone wrong), or a format written by a newer version. Every refusal is an InputError
 * naming the line, and the caller never overwrites a file it could not read.
 */
const KINDS = new Set(['loss', 'timer', 'window', 'gauge', 'ignore']);
const DIRECTIONS = new Set(['higher', 'lower', 'none']);
function parseHistory(text, source) {
    if (text.trim() === '')
        return emptyHistory();
    let data;
    try {
        data = parseJsonLimited(text, source);
    }
    catch (e) {
        if (e instanceof InputError)
            throw e;
        // JSON.parse does not always say where; jsonc-parser in strict mode does.
        const errors = [];
        parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
        const first = errors[0];
        const line = first ? lineAt(text, first.offset) : null;
        const what = first
            ? printParseErrorCode(first.error)
                .replace(/([a-z])([A-Z])/g, '$1 $2')
                .toLowerCase()
            : e.message;
        throw new InputError(source, line, `history is not valid JSON (${what}); fix or restore the file, it is left as it is`);
    }
    const where = locator(text);
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
        throw new InputError(source, 1, 'history must be an object {"format": 1, "runs": [...]}');
    }
    const obj = data;
    const format = obj.format;
    if (typeof format !== 'number' || !Number.isInteger(format) || format < 1) {
        throw new InputError(source, where(['format']), 'history has no valid "format" number');
    }
    if (format > HISTORY_FORMAT) {
        throw new InputError(source, where(['format']), `history was written in format ${format} by a newer version of training-metrics-gate; this version reads format ${HISTORY_FORMAT}: upgrade it (the file is left as it is)`);
    }
    if (!Array.isArray(obj.runs))
        throw new InputError(source, where(['runs']), 'history has no "runs" list');
    obj.runs.forEach((run, i) => {
        const problem = recordProblem(run);
        if (problem)
            throw new InputError(source, where(['runs', i, ...problem.path]), `run ${i + 1} of the history: ${problem.what}`);
    });
    const extra = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== 'format' && k !== 'runs'));
    return {
        format: HISTORY_FORMAT,
        runs: obj.runs,
        ...(Object.keys(extra).length ? { extra } : {}),
    };
}
function recordProblem(r) {
    if (typeof r !== 'object' || r === null || Array.isArray(r))
        return { path: [], what: 'is not an object' };
    const o = r;
    for (const key of ['experiment', 'fingerprint', 'run', 'recordedAt', 'ref', 'sha', 'runId']) {
        if (typeof o[key] !== 'string')
            return { path: [key], what: `"${key}" must be a string` };
    }
    if (o.repository !== undefined && typeof o.repository !== 'string')
        return { path: ['repository'], what: '"repository" must be a string' };
    if (o.attempt !== undefined && !(typeof o.attempt === 'number' && Number.isInteger(o.attempt) && o.attempt >= 1))
        return { path: ['attempt'], what: '"attempt" must be a whole number from 1' };
    for (const key of ['baseline', 'complete']) {
        if (typeof o[key] !== 'boolean')
            return { path: [key], what: `"${key}" must be true or false` };
    }
    if (typeof o.steps !== 'number' || !Number.isFinite(o.steps))
        return { path: ['steps'], what: '"steps" must be a number' };
    if (typeof o.metrics !== 'object' || o.metrics === null || Array.isArray(o.metrics))
        return { path: ['metrics'], what: '"metrics" must be an object' };
    for (const [name, m] of Object.entries(o.metrics)) {
        const path = ['metrics', name];
        if (typeof m !== 'object' || m === null)
            return { path, what: `metric "${name}" must be an object` };
        const mm = m;
        if (!KINDS.has(mm.kind))
            return { path: [...path, 'kind'], what: `metric "${name}": unknown kind ${JSON.stringify(mm.kind)}` };
        if (!DIRECTIONS.has(mm.direction))
            return {
                path: [...path, 'direction'],
                what: `metric "${name}": unknown direction ${JSON.stringify(mm.direction)}`,
            };
        if (typeof mm.unit !== 'string')
            return { path: [...path, 'unit'], what: `metric "${name}": "unit" must be a string` };
        // null stands for a value JSON cannot hold (NaN): a run whose metric never had a finite value.
        for (const key of ['centre', 'spread', 'n', 'nonFinite']) {
            if (!(typeof mm[key] === 'number' || mm[key] === null))
                return { path: [...path, key], what: `metric "${name}": "${key}" must be a number` };
        }
        if (mm.final !== undefined && !(typeof mm.final === 'number' || mm.final === null))
            return { path: [...path, 'final'], what: `metric "${name}": "final" must be a number` };
        if (mm.samples !== undefined) {
            const ok = Array.isArray(mm.samples) &&
                mm.samples.every((p) => Array.isArray(p) &&
                    p.length === 2 &&
                    typeof p[0] === 'number' &&
                    (typeof p[1] === 'number' || p[1] === null));
            if (!ok)
                return { path: [...path, 'samples'], what: `metric "${name}": "samples" must be [step, value] pairs` };
        }
    }
    return null;
}
/** Line of the deepest node on `path` that exists (JSON is YAML, so the yaml parser gives positions). */
function locator(text) {
    let cached = null;
    return (path) => {
        cached ??= linedDocument(text);
        let node = cached.doc.contents;
        let best = cached.lineOf(node);
        for (const step of path) {
            let next = null;
            if (typeof step === 'number' && distExports.isSeq(node))
                next = node.items[step] ?? null;
            else if (distExports.isMap(node)) {
                const pair = node.items.find((p) => p.key?.value === step);
                next = pair?.value ?? pair?.key ?? null;
            }
            if (!next)
                break;
            node = next;
            best = cached.lineOf(node) ?? best;
        }
        return best;
    };
}

/** The store could not be reached or written (not the user's input): a network, permission or git failure. */
class HistoryStoreError extends Error {
    name = 'HistoryStoreError';
}

/**
 * History on a data branch of the repository (the gh-pages pattern), written with optimistic
 * concurrency: fetch the branch, append to the file in a new commit whose parent is what was fetched, and
 * push without force. When another job pushed first the push is rejected; fetch again, append again,
 * retry. No record is ever lost and the working tree and index of the checkout are never touched
 * (the commit is built with plumbing and a private index file).
 */
const DEFAULT_HISTORY_PATH = 'training-metrics-history.json';
class GitBranchStore {
    o;
    location;
    remote;
    localRef;
    constructor(o) {
        this.o = o;
        this.location = `git:${o.branch}:${o.path}`;
        this.remote = o.remote ?? 'origin';
        this.localRef = `refs/training-metrics-gate/${o.branch}`;
    }
    async read() {
        const head = await this.fetch();
        return head ? ((await this.load(head)) ?? emptyHistory()) : emptyHistory();
    }
    /** Null when the branch does not exist yet, or holds no history file. */
    async readIfExists() {
        const head = await this.fetch();
        return head ? this.load(head) : null;
    }
    async append(records, max) {
        const attempts = this.o.attempts ?? 20;
        let last = '';
        for (let attempt = 1; attempt <= attempts; attempt++) {
            const parent = await this.fetch();
            const next = appendRecords((parent ? await this.load(parent) : null) ?? emptyHistory(), records, max);
            const commit = await this.commit(serializeHistory(next), parent, records);
            try {
                await this.git(['push', '--quiet', '--no-verify', this.remote, `${commit}:refs/heads/${this.o.branch}`]);
                return next;
            }
            catch (e) {
                // Rejected (someone pushed first) or the remote ref was locked by a concurrent push: try again.
                last = e.message;
                await sleep$1(Math.random() * 100 * Math.min(attempt, 10));
            }
        }
        throw new HistoryStoreError(redactUrlCredentials(`could not push the history to ${this.remote} ${this.o.branch} after ${attempts} attempts: ${last}`));
    }
    /** Fetch the branch into a private ref; its commit, or null when the branch does not exist yet. */
    async fetch() {
        const remoteRef = `refs/heads/${this.o.branch}`;
        const listed = await this.git(['ls-remote', this.remote, remoteRef]);
        if (!listed.trim())
            return null;
        await this.git(['fetch', '--quiet', '--no-tags', this.remote, `+${remoteRef}:${this.localRef}`]);
        return (await this.git(['rev-parse', '--verify', `${this.localRef}^{commit}`])).trim();
    }
    async load(commit) {
        let text;
        try {
            text = await this.git(['cat-file', 'blob', `${commit}:${this.o.path}`]);
        }
        catch {
            return null; // the branch exists but holds no history yet
        }
        return parseHistory(text, this.location);
    }
    async commit(text, parent, records) {
        const dir = await mkdtemp(join(tmpdir(), 'tmg-index-'));
        try {
            const env = { GIT_INDEX_FILE: join(dir, 'index') };
            const blob = (await this.git(['hash-object', '-w', '--stdin'], { input: text })).trim();
            await this.git(parent ? ['read-tree', parent] : ['read-tree', '--empty'], { env });
            await this.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${this.o.path}`], { env });
            const tree = (await this.git(['write-tree'], { env })).trim();
            const names = [...new Set(records.map((r) => `${r.experiment}/${r.run}`))].join(', ');
            const message = `Record ${records.length} run${records.length === 1 ? '' : 's'}: ${names}`;
            const args = ['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message];
            return (await this.git(args, { env: identity(this.o.env ?? process.env) })).trim();
        }
        finally {
            await rm(dir, { recursive: true, force: true });
        }
    }
    git(args, extra = {}) {
        return new Promise((resolve, reject) => {
            const child = execFile('git', args, { cwd: this.o.cwd, env: { ...(this.o.env ?? process.env), ...extra.env }, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
                // A remote URL with credentials in it (https://user:token@host) is echoed by git's errors.
                if (error)
                    reject(new HistoryStoreError(redactUrlCredentials(`git ${args[0]} failed: ${String(stderr).trim() || error.message}`)));
                else
                    resolve(String(stdout));
            });
            if (extra.input !== undefined)
                child.stdin.end(extra.input);
        });
    }
}
/** Commit identity: the environment's when set, else a neutral one (a CI checkout often has none). */
function identity(env) {
    const name = 'training-metrics-gate';
    const email = 'training-metrics-gate@users.noreply.github.com';
    return {
        GIT_AUTHOR_NAME: env.GIT_AUTHOR_NAME ?? name,
        GIT_AUTHOR_EMAIL: env.GIT_AUTHOR_EMAIL ?? email,
        GIT_COMMITTER_NAME: env.GIT_COMMITTER_NAME ?? name,
        GIT_COMMITTER_EMAIL: env.GIT_COMMITTER_EMAIL ?? email,
    };
}
function sleep$1(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

/**
 * An exclusive lock beside a file, for writers on one machine: `<file>.lock`, created with O_EXCL (`wx`),
 * holding the owner's host, pid and a random token. A lock whose owner is gone (same host, process not
 * alive) or that is older than `staleMs` (a hung or remote owner) is broken: renamed aside first, so two
 * processes breaking the same stale lock cannot remove each other's fresh one.
 */
class LockTimeoutError extends Error {
    name = 'LockTimeoutError';
}
/** Run `work` holding the lock on `path`; the lock is released (if still ours) whatever `work` does. */
async function withFileLock(path, work, o = {}) {
    const lock = `${path}.lock`;
    const mine = { host: hostname(), pid: process.pid, token: randomBytes(8).toString('hex') };
    await acquire(lock, mine, o.timeoutMs ?? 60_000, o.staleMs ?? 10 * 60_000);
    try {
        return await work();
    }
    finally {
        await release(lock, mine);
    }
}
async function acquire(lock, mine, timeoutMs, staleMs) {
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1;; attempt++) {
        try {
            const handle = await open(lock, 'wx');
            try {
                await handle.writeFile(JSON.stringify(mine));
            }
            finally {
                await handle.close();
            }
            return;
        }
        catch (e) {
            if (e.code !== 'EEXIST')
                throw e;
        }
        if (await isStale(lock, staleMs)) {
            await breakLock(lock, staleMs);
            continue;
        }
        if (Date.now() > deadline)
            throw new LockTimeoutError(`${lock} is held by another writer (remove it if no writer is running)`);
        await sleep(Math.min(200, 5 * attempt) * (0.5 + Math.random()));
    }
}
async function isStale(lock, staleMs) {
    const owner = await readLock(lock);
    if (owner === 'gone')
        return false; // released meanwhile: just try again
    if (owner && owner.host === hostname() && !alive(owner.pid))
        return true;
    try {
        return Date.now() - (await stat(lock)).mtimeMs > staleMs;
    }
    catch {
        return false;
    }
}
/** Move the stale lock aside and check it is still a stale one; a fresh lock moved by mistake goes back. */
async function breakLock(lock, staleMs) {
    const aside = `${lock}.${randomBytes(6).toString('hex')}.stale`;
    try {
        await rename(lock, aside);
    }
    catch {
        return; // someone else broke or released it
    }
    if (!(await isStale(aside, staleMs))) {
        // Another breaker won and a live writer's lock was moved: put it back unless a newer one exists.
        await link(aside, lock).catch(() => undefined);
    }
    await unlink(aside).catch(() => undefined);
}
async function release(lock, mine) {
    const owner = await readLock(lock);
    if (owner && owner !== 'gone' && owner.token === mine.token)
        await unlink(lock).catch(() => undefined);
}
/** The lock's owner; null when unreadable (being written), 'gone' when there is no lock. */
async function readLock(lock) {
    try {
        const data = JSON.parse(await readFile(lock, 'utf8'));
        return typeof data.pid === 'number' && typeof data.host === 'string' && typeof data.token === 'string'
            ? data
            : null;
    }
    catch (e) {
        return e.code === 'ENOENT' ? 'gone' : null;
    }
}
function alive(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (e) {
        // EPERM: it exists, owned by someone else.
        return e.code === 'EPERM';
    }
}
function sleep(ms) {
    return new Promise((r) => setTimeout(r, ms));
}

/**
 * History in a JSON file. Writers on one machine take turns under a lock file (file-lock.ts), so
 * concurrent `record` processes each read the others' records before adding theirs. Writes are atomic:
 * the new text goes to a temporary file beside the target, is flushed to disk, then renamed over it, so a
 * process killed at any point leaves the old file or the new one, never half of one. A symlinked history
 * is written through to its target (the link stays), the file's mode is kept, and a file that cannot be
 * parsed is never overwritten.
 */
class JsonFileStore {
    location;
    lock;
    constructor(location, lock = {}) {
        this.location = location;
        this.lock = lock;
    }
    async read() {
        return (await this.readIfExists()) ?? emptyHistory();
    }
    async readIfExists() {
        let text;
        try {
            text = await readFile(this.location, 'utf8');
        }
        catch (e) {
            const code = e.code;
            if (code === 'ENOENT')
                return null;
            throw new InputError(this.location, null, `cannot read the history: ${code ?? String(e)}`);
        }
        return parseHistory(text, this.location);
    }
    async append(records, max) {
        const target = await resolveTarget(this.location);
        try {
            return await withFileLock(target, async () => {
                const next = appendRecords(await this.read(), records, max);
                await writeAtomically(target, serializeHistory(next));
                return next;
            }, this.lock);
        }
        catch (e) {
            if (e instanceof InputError || e instanceof HistoryStoreError)
                throw e;
            throw new HistoryStoreError(`cannot write the history ${this.location}: ${e.message}`);
        }
    }
}
/** The file a symlinked history points to (written in place of the link), or the path itself. */
async function resolveTarget(path) {
    try {
        return await realpath(path);
    }
    catch (e) {
        if (e.code !== 'ENOENT')
            throw e;
        // Not there yet, or a dangling link: create what it names, in a folder that exists.
        try {
            return join(await realpath(dirname(path)), basename(path));
        }
        catch {
            return path;
        }
    }
}
/** Write `text` to `path` through a temporary file and a rename (atomic on one file system), keeping its mode. */
async function writeAtomically(path, text) {
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
    try {
        const mode = await stat(path).then((s) => s.mode & 0o7777, () => null);
        const handle = await open(temp, 'w');
        try {
            await handle.writeFile(text, 'utf8');
            await handle.sync();
        }
        finally {
            await handle.close();
        }
        if (mode !== null)
            await chmod(temp, mode);
        await rename(temp, path);
    }
    catch (e) {
        await unlink(temp).catch(() => undefined);
        throw new HistoryStoreError(`cannot write the history ${path}: ${e.code ?? String(e)}`);
    }
}

/** The history store named by the `history` input / `--history` flag. */
/**
 * `path/to/history.json` → a JSON file; `git:<branch>[:<path>]` → a data branch of the repository in `cwd`
 * (default path `training-metrics-history.json`), pushed to `origin`.
 */
function openHistory(spec, options = {}) {
    if (spec.startsWith('git:')) {
        const rest = spec.slice(4);
        const i = rest.indexOf(':');
        const branch = i < 0 ? rest : rest.slice(0, i);
        const path = i < 0 ? DEFAULT_HISTORY_PATH : rest.slice(i + 1);
        if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.startsWith('-') || branch.includes('..')) {
            throw new InputError('history', null, `"${spec}": the branch name "${branch}" is not valid (git:<branch>[:<path>])`);
        }
        if (!path || path.startsWith('/') || path.split('/').includes('..')) {
            throw new InputError('history', null, `"${spec}": the path "${path}" must be relative, inside the branch`);
        }
        return new GitBranchStore({
            cwd: options.cwd ?? process.cwd(),
            branch,
            path,
            remote: options.remote,
            env: options.env,
        });
    }
    return new JsonFileStore(spec);
}

/**
 * The gate against the stored history (read once), and recording per the baseline policy.
 * A run with bad input never touches the history.
 */
/** Judge every run against its comparable runs; null when the history cannot be read (already reported). */
async function gateRuns(ctx, summaries, location, gateSection) {
    const { options, io } = ctx;
    try {
        const config = sectionValue(gateSection);
        const store = openHistory(location);
        const history = (await store.readIfExists()) ?? missingHistory(ctx, store);
        const verdicts = options.command === 'record' ? [] : summaries.map((s) => judgeOne(s, history, config, options));
        for (const g of verdicts)
            for (const m of g.metrics)
                io.info(`${g.experiment}: ${m.verdict} — ${m.reason}`);
        for (const g of verdicts)
            if (!g.run.complete && !g.regression)
                ctx.warn(`${g.experiment}: ${g.name} is incomplete (${incompleteWhy(g)})`);
        return { verdicts, open: { store, history, config } };
    }
    catch (e) {
        ctx.recordError(e instanceof InputError
            ? e
            : new InputError(location, null, `history cannot be read: ${e.message.split('\n')[0]}`));
        return null;
    }
}
function judgeOne(s, history, config, options) {
    const fingerprint = fingerprintKey(s.fingerprint);
    const comparable = comparableRuns(history, s.experiment, fingerprint);
    return judgeRun(s, comparable, config, {
        newBaseline: options.newBaseline,
        ...(comparable.length ? {} : { noComparable: noComparableReason(history.runs, s.experiment, fingerprint) }),
    });
}
function incompleteWhy(g) {
    return g.metrics.find((m) => m.name === 'steps')?.reason ?? `stopped at step ${g.run.steps}`;
}
/** Where the record comes from, and the identity that makes a re-run replace its earlier record. */
function runIdentity({ github, runId }) {
    const attempt = Number(github.runAttempt);
    return {
        ref: github.ref,
        sha: github.sha,
        runId: runId ?? github.runId,
        repository: github.repository,
        attempt: Number.isInteger(attempt) && attempt >= 1 ? attempt : 1,
    };
}
/**
 * A history that does not exist is only fine for a run that creates it: a check against a mistyped path
 * or branch would otherwise pass for ever, judging nothing.
 */
function missingHistory(ctx, store) {
    const { options } = ctx;
    const policy = shouldRecord(options.record, options.github);
    if (policy.record)
        return emptyHistory();
    const what = store.location.startsWith('git:') ? 'branch or file' : 'file';
    throw new InputError(store.location, null, `the history does not exist (no such ${what}); check it is spelled as where runs are recorded, or record a run first to create it (${policy.reason})`);
}
async function recordRuns(ctx, summaries, { store, history, config }) {
    const { options, io } = ctx;
    const policy = shouldRecord(options.record, options.github);
    if (!policy.record)
        return io.info(`history: not recorded (${policy.reason})`);
    if (ctx.errors.length)
        return ctx.warn('history: not recorded, because something went wrong before (see the errors above)');
    if (!summaries.length)
        return;
    try {
        const recordedAt = new Date().toISOString();
        // A new baseline starts once per experiment and fingerprint: every experiment of a batch gets its mark.
        const marked = new Set();
        const records = summaries.map((s) => {
            const key = `${s.experiment}\u0000${fingerprintKey(s.fingerprint)}`;
            const c = runCompleteness(s, comparableRuns(history, s.experiment, fingerprintKey(s.fingerprint)), config.completeFraction);
            const baseline = options.newBaseline && !marked.has(key);
            marked.add(key);
            return recordFromSummary(s, { recordedAt, ...runIdentity(options), baseline, complete: c.complete });
        });
        await store.append(records, options.historyMax);
        // As read before judging: a concurrent writer may have added more, which only the store sees.
        const again = records.filter((r) => history.runs.some((h) => sameRecordedRun(h, r))).length;
        const replaced = again ? `, ${again} replacing the record of an earlier attempt` : '';
        io.info(`history: recorded ${records.length} run(s) in ${store.location}${replaced} (${policy.reason})`);
    }
    catch (e) {
        const message = `history: could not record in ${store.location}: ${e.message.split('\n')[0]}`;
        // Asked for explicitly (the record command, record: always), not recording is an error; under auto a
        // store outage warns like any sink.
        if (e instanceof InputError)
            ctx.recordError(e);
        else if (options.command === 'record' || options.record === 'always')
            ctx.recordError(new InputError(store.location, null, message));
        else
            ctx.warn(message);
    }
}

export { gateRuns, recordRuns };
