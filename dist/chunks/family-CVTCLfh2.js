import { bj as probit, bk as gammaln, b2 as errorFunction } from './postgres-url-BezLfty4.js';

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
 * searched again. Returns the indexes where new segments start, ascending. Each search is linear in its
 * span (running sums give every split's means and s_p in O(1)), so a history of 10,000 runs is searched
 * in milliseconds, not seconds.
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
    const { ref, sum, squares } = prefixSums(values, from, to);
    let best = null;
    const splits = n - 2 * m + 1;
    for (let a = m; a <= n - m; a++) {
        const b = n - a;
        const sa = sum[a];
        const sb = sum[n] - sa;
        // Σ(x − x̄)² = Σd² − (Σd)²/n on each side; a rounding just below 0 is 0.
        const within = Math.max(0, squares[a] - (sa * sa) / a) + Math.max(0, squares[n] - squares[a] - (sb * sb) / b);
        const sample = { variance: n > 2 ? within / (n - 2) : Number.NaN, df: n - 2 };
        const prior = o.prior && !priorConflict(sample, o.prior) ? o.prior : { variance: 0, df: 0 };
        const { variance, df } = priorVariance(sample, prior);
        if (df <= 0)
            continue;
        const mb = ref + sa / a;
        const diff = sb / b - sa / a;
        const se = Math.sqrt(variance * (1 / a + 1 / b));
        const t = se > 0 ? diff / se : diff === 0 ? 0 : Infinity * Math.sign(diff);
        const step = mb !== 0 ? Math.abs(diff / mb) : Math.abs(diff) > 0 ? Infinity : 0;
        if (!best || Math.abs(t) > Math.abs(best.t))
            best = { k: from + a, t, step, df };
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
 * Running sums of d = x − ref and d² over values[from, to), ref the span's mean: each split's means and
 * squares within its sides then cost O(1), so a search is linear in the span, not quadratic. Centring
 * on the mean keeps Σd² − (Σd)²/n from cancelling away the noise under a large level.
 */
function prefixSums(values, from, to) {
    const n = to - from;
    let ref = 0;
    for (let i = from; i < to; i++)
        ref += values[i];
    ref /= n;
    const sum = new Float64Array(n + 1);
    const squares = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) {
        const d = values[from + i] - ref;
        sum[i + 1] = sum[i] + d;
        squares[i + 1] = squares[i] + d * d;
    }
    return { ref, sum, squares };
}

/**
 * Runs the gate itself called a regression when they were recorded (`MetricRecord.regressed`), and that
 * nobody accepted as a new baseline. On the default branch such runs are recorded, as they should be (the
 * history is the truth of what ran), but they are not evidence of the level they were judged against:
 *  - they never set the level nor its noise (one or two of them would otherwise widen the band until
 *    the regression passes, before the level-shift detector has the three runs it needs to see them);
 *  - the latest run of such runs that ends the history is a change of its own, starting at its first
 *    run: the culprit range and `check --bisect` name that run on every later day, however few or many
 *    were recorded after it.
 * Records written before the flag existed, and runs recorded by `record` (which judges nothing), carry
 * no flag: for them the level-shift detector alone finds the change.
 */
/**
 * The points the gate did not flag, each mark carried to the next point kept (a flagged run that starts
 * a new baseline still starts it), and how many were left out.
 */
function withoutRegressed(points) {
    const kept = [];
    let mark = false;
    for (const p of points) {
        mark ||= p.marked;
        if (p.regressed)
            continue;
        kept.push(mark && !p.marked ? { ...p, marked: true } : p);
        mark = false;
    }
    return { kept, left: points.length - kept.length };
}
/**
 * Where the flagged runs that end the history start (an index into `points`), or null when the latest
 * point was not flagged. A marked run ends the search: the streak is a change from the level it was
 * judged against, which the mark started.
 */
function trailingRegressed(points) {
    let start = points.length;
    while (start > 0 && points[start - 1].regressed && !points[start - 1].marked)
        start--;
    return start < points.length ? start : null;
}

const MEMORY = /(^|[._])(mem|memory|vram|hbm)|mem_|_mem($|[._])|bytes|mebibytes|gibibytes/;
function metricFamily(key, cls) {
    if (cls.kind === 'loss')
        return { id: `loss:${key}`, kind: 'loss' };
    // A quality metric is a family of its own, as a loss is: an average over an eval set, as quiet run to
    // run as a validation loss (its prior noise).
    if (cls.kind === 'quality')
        return { id: `quality:${key}`, kind: 'quality' };
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

export { tUpperTail as a, trailingRegressed as b, priorVariance as c, levelShifts as l, metricFamily as m, priorConflict as p, tQuantile as t, withoutRegressed as w };
