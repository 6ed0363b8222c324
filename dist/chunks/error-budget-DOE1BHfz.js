import { s as median, bi as medianAbsoluteDeviation, bg as mean } from './postgres-url-BezLfty4.js';
import { b as trailingRegressed, w as withoutRegressed, l as levelShifts, p as priorConflict, c as priorVariance, t as tQuantile } from './family-CVTCLfh2.js';

/**
 * Runs far from the rest: |rᵢ − median(r)| > k · max(1.4826 · MAD(r), σ₀), with MAD(r) = median |rᵢ − median(r)|,
 * at most max(1, ⌊n/10⌋) of them (the farthest).
 *
 * 1.4826 · MAD estimates σ for normal data, and unlike the standard deviation one wild run cannot inflate it,
 * so a single broken run in the history is set aside instead of blinding the gate. In a small history
 * the MAD can be far below the real spread (four of six runs happen to agree): σ₀, the spread the runs'
 * own per-step noise implies, is its floor, and the cap keeps a few "outliers" from being the only runs
 * that show how far runs really scatter. With no scale at all (over half the values identical and σ₀ = 0,
 * e.g. memory) nothing is flagged.
 */
function outlierRuns(residuals, k = 5, minSigma = 0) {
    const none = residuals.map(() => false);
    if (residuals.length < 3)
        return none;
    const values = [...residuals];
    const centre = median(values);
    const sigma = Math.max(1.4826 * medianAbsoluteDeviation(values), minSigma);
    if (!(sigma > 0))
        return none;
    const far = residuals
        .map((r, i) => ({ i, d: Math.abs(r - centre) }))
        .filter((x) => x.d > k * sigma)
        .sort((a, b) => b.d - a.d)
        .slice(0, Math.max(1, Math.floor(residuals.length / 10)));
    for (const { i } of far)
        none[i] = true;
    return none;
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
 * The baseline for one metric from the comparable history: which runs set the level, where the level
 * is, and how much it varies from run to run.
 *
 *  0. Runs the gate called a regression when they were recorded, and nobody accepted, are left out
 *     (regressed-runs.ts): they are not evidence of the level they failed against.
 *  1. Segments start at runs marked `baseline` (an acknowledged change).
 *  2. Within each, level shifts at least the minimum effect in size and significant (levelShifts) split it
 *     further.
 *  3. A run far from its own level's median (outlierRuns) is set aside, unless that leaves its level
 *     fewer than 3 runs (the fewest a shift leaves on a side).
 *  4. The level is the mean of the latest *accepted* segment: a later segment is accepted when it is
 *     marked, or better than the accepted level. A shift for the worse that nobody acknowledged does not
 *     become the new normal: runs are still compared with the last good level until someone marks a new
 *     baseline.
 *  5. Run-to-run noise is pooled within all segments (a shift is not noise), steadied by the prior unless
 *     the history contradicts it (priorConflict), and never below the noise floor nor below the spread
 *     the runs' own per-step noise implies (value-noise.ts).
 */
/** The fewest runs a level has once shifts and outliers are taken out: what the shift search leaves a side. */
const MIN_LEVEL_RUNS = 3;
function buildBaseline(points, o) {
    const notes = [];
    // 0. Runs the gate flagged.
    const all = points.filter((p) => Number.isFinite(p.value));
    const streak = trailingRegressed(all);
    const { kept: finite, left } = withoutRegressed(all);
    if (finite.length === 0)
        return null;
    const latest = streak === null ? 0 : all.length - streak;
    if (latest)
        notes.push(`regressed ${latest} run${latest === 1 ? '' : 's'} ago and not acknowledged as a new baseline: the ${latest} flagged run${latest === 1 ? ' is' : 's are'} left out`);
    if (left > latest) {
        const n = left - latest;
        notes.push(`left out ${n} earlier run${n === 1 ? '' : 's'} the gate flagged as ${n === 1 ? 'a regression' : 'regressions'}`);
    }
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
            ...levelShifts(values, {
                alpha: o.shiftAlpha,
                minStep: o.minEffect,
                prior: shiftPrior,
                minSegment: MIN_LEVEL_RUNS,
            }),
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
    // The spread the runs' own noise implies: a floor under the outlier scale and the run-to-run SD.
    const noises = finite.map((p) => p.noise).filter((n) => n !== undefined && Number.isFinite(n));
    const own = noises.length ? median(noises) : 0;
    const outlier = outlierRuns(residuals, o.outlierMads, own);
    // A level keeps the runs a shift needs on each side (3): setting one aside from a segment that short
    // would leave a level of two runs that look quieter than the runs are.
    let at = 0;
    for (const seg of raw) {
        const flags = outlier.slice(at, at + seg.values.length);
        if (seg.values.length - flags.filter(Boolean).length < MIN_LEVEL_RUNS)
            for (let j = 0; j < seg.values.length; j++)
                outlier[at + j] = false;
        at += seg.values.length;
    }
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
    const floor = Math.max(o.noiseFloor * Math.abs(centre), own);
    const sd = Number.isFinite(pooled.variance) ? Math.max(Math.sqrt(pooled.variance), floor) : NaN;
    return { centre, sd, df: pooled.df, runs: level.length, used: total, level, note: notes.join('; ') };
}

/**
 * The critical value of the prediction t for a metric tested at its family's share a of the run's
 * false-alarm budget, with its minimum effect minT in the same units and π = P(T_ν > minT), the chance
 * that noise alone exceeds the minimum effect:
 *
 *   critical = minT                         when a ≥ π: the minimum effect alone keeps false alarms within a
 *            = max(minT, t_ν(1 − a))        otherwise (∞ when a = 0: the family may not fire at all)
 *
 * The gate flags a change whose prediction t in the worse direction exceeds it (judge.ts); calibrate
 * predicts detection power from the same value.
 */
function criticalT(share, floor, minT, df) {
    if (share >= floor)
        return minT;
    return Math.max(minT, share > 0 && 1 - share < 1 ? tQuantile(1 - share, df) : Infinity);
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

export { buildBaseline as b, criticalT as c, errorBudget as e };
