import { s as median, bg as mean, aP as judgedAtEnd, aT as FINAL_SHARE, aZ as DEFAULT_GATE_CONFIG, q as metricKey, al as fingerprintKey, bh as sampleStandardDeviation } from './postgres-url-BezLfty4.js';
import { a as formatValue, f as formatChange, b as formatSpread, s as spreadLabel } from './format-DGRI6Ozy.js';
import { m as metricValue } from './history-overview-2D1ktX0y.js';
import { b as buildBaseline, e as errorBudget, c as criticalT } from './error-budget-DOE1BHfz.js';
import { r as runsSinceMark, b as acceptAsBaseline } from './new-baseline-CMcYoIpF.js';
import { m as metricFamily, a as tUpperTail, t as tQuantile } from './family-CVTCLfh2.js';
import { m as metricChangePoints, e as explainEnvironment, r as runRef } from './change-points-BDjvaw60.js';

/**
 * Like for like for a run that stopped early: its value and every history run's value over the same
 * steps, from the curves the history keeps (src/summarize/step-curve.ts).
 *
 *   E   = the widest bucket width among the curves compared (all coarsened to it, exactly, by counts)
 *   B   = the buckets of width E lying inside [from, to] where this run has values, without the bucket
 *         holding this run's last step (it may be part-filled) while any other is left; failing those,
 *         the buckets overlapping [from, to], again without the last while any other is left. A window
 *         left with only the last bucket, which this run filled less than every history run did, has no
 *         like-for-like value: none is made (the verdict says so)
 *   value(curve) = median over b ∈ B of the curve's mean in b
 *
 * The same buckets and the same statistic on both sides: a falling loss or a rising throughput, cut
 * anywhere, is compared with the history at the steps it reached, not with the history's end.
 */
/** The curves the history's runs kept for one metric (records from before curves were kept have none). */
function historyCurves(history, key) {
    return history.map((r) => r.metrics[key]?.curve).filter((c) => c !== undefined);
}
/** Bucket index → mean at width `every` (a power-of-two multiple of the curve's own). */
function coarsened(curve, every) {
    return new Map([...coarsenedCounts(curve, every)].map(([b, s]) => [b, s.sum / s.count]));
}
/** Bucket index → sum and count of the points at width `every`. */
function coarsenedCounts(curve, every) {
    const factor = every / curve.every;
    const sums = new Map();
    curve.means.forEach((mean, k) => {
        const count = curve.counts[k] ?? 0;
        if (mean === null || count === 0)
            return;
        const b = Math.floor((curve.start + k) / factor);
        const s = sums.get(b) ?? { sum: 0, count: 0 };
        s.sum += mean * count;
        s.count += count;
        sums.set(b, s);
    });
    return sums;
}
/**
 * The run's buckets at width `every`, less its last one when that holds fewer points than every history
 * run's same bucket: a run that stopped inside a bucket has only its first part, whose mean is not the
 * history's (the like-for-like window leaves it out the same way).
 */
function filledBuckets(current, history, every) {
    const own = coarsenedCounts(current, every);
    const last = Math.max(...own.keys());
    const theirs = history.map((c) => coarsenedCounts(c, every).get(last)?.count ?? 0);
    const partial = own.size > 0 && theirs.length > 0 && own.get(last).count < Math.min(...theirs);
    const out = new Map([...own].map(([b, s]) => [b, s.sum / s.count]));
    if (partial)
        out.delete(last);
    return out;
}
/** Whether this run holds fewer points in bucket `b` (width `every`) than every other curve does. */
function partlyFilled(current, others, every, b) {
    const own = coarsenedCounts(current, every).get(b)?.count ?? 0;
    const theirs = others.map((c) => coarsenedCounts(c, every).get(b)?.count ?? 0);
    return theirs.length > 0 && own < Math.min(...theirs);
}
/** The buckets this run is compared over, for steps [from, lastStep]; null when its curve has none there. */
function curveWindow(current, others, from, lastStep) {
    const every = Math.max(current.every, ...others.map((c) => c.every));
    const own = coarsened(current, every);
    const last = Math.floor(lastStep / every);
    const overlapping = [...own.keys()].filter((b) => (b + 1) * every - 1 >= from && b * every <= lastStep);
    const inside = overlapping.filter((b) => b * every >= from && b !== last);
    const notLast = overlapping.filter((b) => b !== last);
    const buckets = (inside.length ? inside : notLast.length ? notLast : overlapping).sort((a, b) => a - b);
    if (buckets.length === 0)
        return null;
    if (buckets.length === 1 && buckets[0] === last && partlyFilled(current, others, every, last))
        return null;
    return {
        every,
        buckets,
        from: Math.max(from, buckets[0] * every),
        to: Math.min(lastStep, (buckets[buckets.length - 1] + 1) * every - 1),
    };
}
/** The median of a curve's bucket means over the window's buckets; NaN when it has none of them. */
function valueOverWindow(curve, w) {
    const means = coarsened(curve, w.every);
    const values = w.buckets.map((b) => means.get(b)).filter((v) => v !== undefined);
    return values.length ? median(values) : Number.NaN;
}

/**
 * A loss curve against the history's curves at the same steps (src/summarize/step-curve.ts, all
 * coarsened to the widest bucket): per bucket b, the history runs' means, their median c_b and highest h_b.
 *
 *   usual:  a rise the run's own rule calls divergence, where the run's mean over the buckets from its
 *           start to the run's end is no higher than the history's runs' means over the same buckets
 *           allow (their highest, plus max(minEffect · |median|, their range)): they rose the same
 *           way at those steps (a GAN's swings, a schedule's bump), so it is this training's shape, not a
 *           divergence.
 *   left:   the last ≥ 3 buckets (and ≥ a tenth of those compared) all above h_b + rise · |c_b|
 *           (rise = 0.5, the run's own rule's): the loss left the history's band and stayed out.
 *
 * Both need at least `minRuns` history curves covering the buckets judged, and leave out the run's last
 * bucket when it stopped inside it (filledBuckets).
 */
const RISE = 0.5;
function bands(current, history, minRuns) {
    const every = Math.max(current.every, ...history.map((c) => c.every));
    const own = filledBuckets(current, history, every);
    const others = history.map((c) => coarsened(c, every));
    const out = [];
    for (const [bucket, value] of [...own].sort((a, b) => a[0] - b[0])) {
        const v = others.map((m) => m.get(bucket)).filter((x) => x !== undefined);
        if (v.length < minRuns)
            continue;
        out.push({ from: bucket * every, current: value, centre: median(v), lo: Math.min(...v), hi: Math.max(...v) });
    }
    return out;
}
/**
 * Whether a rise from `fromStep` on is one the history's runs made too: the mean of this run's bucket
 * means over the stretch is at most the highest such mean of a history run over the same buckets,
 * plus max(minEffect · |their median|, their range): the highest of a few runs is no bound on the next
 * one's, and a loss whose history spikes as this one does (a spiky fine-tune, redrawn) spreads by about
 * its range from one run to the next.
 */
function usualRise(current, history, fromStep, o) {
    const every = Math.max(current.every, ...history.map((c) => c.every));
    const start = Math.floor(fromStep / every);
    const own = [...filledBuckets(current, history, every)].filter(([b]) => b >= start);
    if (own.length === 0)
        return false;
    const theirs = history.flatMap((c) => {
        const m = coarsened(c, every);
        const v = own.map(([b]) => m.get(b)).filter((x) => x !== undefined);
        return v.length === own.length ? [mean(v)] : [];
    });
    if (theirs.length < o.minRuns)
        return false;
    const hi = Math.max(...theirs);
    const tolerance = Math.max(o.minEffect * Math.abs(median(theirs)), hi - Math.min(...theirs));
    return mean(own.map(([, v]) => v)) <= hi + tolerance;
}
/** The step from which the loss left the history's band and stayed out to the end, or null. */
function leftBand(current, history, minRuns) {
    const all = bands(current, history, minRuns);
    let k = all.length;
    while (k > 0 && all[k - 1].current > all[k - 1].hi + RISE * Math.abs(all[k - 1].centre))
        k--;
    const out = all.length - k;
    return out >= 3 && out >= all.length / 10 ? all[k].from : null;
}

/** Why the loss is broken, or null. */
function brokenLoss(m, key, history, config) {
    if (m.class.kind !== 'loss')
        return null;
    if (m.nan + m.inf > 0) {
        const what = [m.nan ? `${m.nan} NaN` : '', m.inf ? `${m.inf} infinite` : ''].filter(Boolean).join(' and ');
        return `${what} value${m.nan + m.inf === 1 ? '' : 's'}, first at step ${m.firstNonFiniteStep} (always a regression)`;
    }
    const curves = historyCurves(history, key);
    const d = m.loss?.divergence;
    const options = { minRuns: config.minRuns, minEffect: m.class.minEffect };
    if (d && !(m.curve && usualRise(m.curve, curves, d.step, options)))
        return `diverged from step ${d.step} (${formatValue(d.value)} against a best of ${formatValue(d.min)}; always a regression)`;
    const left = m.curve ? leftBand(m.curve, curves, config.minRuns) : null;
    if (left !== null)
        return `diverged from the history's curves: above their band from step ${left} to the end, by more than half their level (always a regression)`;
    return null;
}

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
 * What the run and each history run are compared by. A run that reached the usual step: its final-window
 * median (loss) or steady-state median, against the same number of each history run. A run that stopped
 * early: both sides over the same steps, from the curves (curve-window.ts) — the loss over the last quarter
 * of the steps this run reached, any other metric from its warm-up to there — and the verdict says which.
 */
function comparisonBasis(m, key, history, completeness) {
    const whole = {
        current: currentValue(m),
        recordValue: (r) => (judgedAtEnd(m.class.kind) ? (r.final ?? Number.NaN) : r.centre),
        window: null,
    };
    if (completeness.reached || !m.curve || !Number.isFinite(m.lastStep))
        return whole;
    const curves = historyCurves(history, key);
    if (curves.length === 0)
        return legacyBasis(m, whole);
    const first = m.firstStep ?? m.curve.start * m.curve.every;
    const from = judgedAtEnd(m.class.kind)
        ? first + (1 - FINAL_SHARE) * (m.lastStep - first)
        : (m.steady?.fromStep ?? first);
    const window = curveWindow(m.curve, curves, from, m.lastStep);
    // The whole run's value would be compared with the history's at their end, not at this run's steps.
    if (!window)
        return {
            ...whole,
            unmatched: `not compared: this run stopped at step ${formatStep(m.lastStep)}, inside the only bucket of the history's curves its steps since ${formatStep(from)} reach, before that bucket was filled (no like-for-like value)`,
        };
    return {
        current: valueOverWindow(m.curve, window),
        recordValue: (r) => (r.curve ? valueOverWindow(r.curve, window) : Number.NaN),
        window,
    };
}
/** The number a whole run is judged by: its final-window median (loss) or steady-state median. */
function currentValue(m) {
    if (judgedAtEnd(m.class.kind))
        return m.loss?.finalWindow.median ?? Number.NaN;
    if (m.steady)
        return m.steady.median;
    return m.count > 0 ? m.last : Number.NaN;
}
/** Records from before curves were kept: the loss at the middle of this run's final window, from the samples. */
function legacyBasis(m, whole) {
    if (!m.loss)
        return whole;
    const step = (m.loss.finalWindow.from + m.lastStep) / 2;
    return { ...whole, recordValue: (r) => (r.samples ? (valueAtStep(r.samples, step) ?? Number.NaN) : Number.NaN) };
}
/** A verdict over a shortened run's steps says which: the same steps on both sides. */
function withWindow(v, w) {
    if (!w || v.current === null)
        return v;
    const steps = `${formatStep(w.from)}–${formatStep(w.to)}`;
    return {
        ...v,
        compared: { from: w.from, to: w.to },
        reason: `${v.reason}; steps ${steps} on both sides, where this run stopped early`,
    };
}
function formatStep(step) {
    return Number.isInteger(step) ? String(step) : step.toFixed(1);
}
/**
 * A run that stopped early before the step where the history's runs first logged this metric (an eval
 * every 1,000 steps, a summary at the end) has not reached it: that says nothing about the metric.
 */
function notReached(history, key, c) {
    if (c.reached)
        return null;
    const starts = historyCurves(history, key).map((curve) => curve.start * curve.every);
    if (starts.length === 0)
        return null;
    const first = Math.min(...starts);
    return first > c.steps
        ? `not reached: the history's runs first log it at step ${first}, this run stopped at step ${c.steps}`
        : null;
}

/**
 * Did the run get as far as runs usually do? Expected steps are what the run's own file says it was to
 * take (a `total_steps`), else the median last step of the complete comparable runs; a run is complete
 * when its file was not cut off, holds no traceback, and it reached `fraction` of them.
 */
function runCompleteness(summary, history, fraction) {
    const done = history.filter((r) => r.complete && Number.isFinite(r.steps)).map((r) => r.steps);
    const expectedSteps = summary.steps.expected ?? (done.length ? median(done) : null);
    const steps = Number.isFinite(summary.steps.last) ? summary.steps.last : 0;
    const reached = expectedSteps === null || steps >= expectedSteps * fraction;
    return {
        complete: reached && !summary.truncated && !summary.crash && summary.steps.count > 0,
        reached,
        steps,
        expectedSteps,
        truncated: summary.truncated,
        crash: summary.crash ?? null,
    };
}

function completenessVerdict(c, runs, config) {
    const base = { name: 'steps', direction: 'higher', unit: 'count', current: c.steps, change: null };
    const baseline = c.expectedSteps === null ? null : { centre: c.expectedSteps, band: 0, runs, history: [] };
    if (c.crash && !c.reached)
        return {
            ...base,
            baseline,
            verdict: 'regression',
            reason: `run stopped at step ${c.steps} of the usual ${formatValue(c.expectedSteps)}: the training crashed (a Python traceback at ${c.crash})`,
        };
    if (c.crash && c.expectedSteps === null)
        return {
            ...base,
            baseline,
            verdict: 'insufficient-history',
            reason: `a Python traceback at ${c.crash} after step ${c.steps}: no usual step count to say whether the run stopped early`,
        };
    if (c.reached && c.crash)
        return {
            ...base,
            baseline,
            verdict: 'pass',
            reason: `a Python traceback at ${c.crash}, after all usual steps (step ${c.steps}) were reached`,
        };
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
    const windows = new Map();
    for (const m of summary.metrics) {
        const key = metricKey(m.name);
        present.add(key);
        if (!m.class.gate || m.class.direction === 'none' || m.class.kind === 'ignore')
            continue;
        const broken = brokenLoss(m, key, history, config);
        if (broken)
            alwaysFail.add(m.name);
        const judged = judgeMetric(m, key, history, completeness, config, {
            sinceMark: sinceMark?.length ?? null,
            noComparable: context.noComparable,
            windows,
            broken,
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
    verdicts = verdicts.map((v) => withWindow(v, windows.get(v.name)));
    const judged = verdicts.filter(wasJudged).length;
    const gatedVerdicts = [...verdicts];
    if (!completeness.complete)
        verdicts.push(completenessVerdict(completeness, Math.min(history.length, sinceMark?.length ?? Infinity), config));
    verdicts.push(...missingVerdicts(history, present, completeness));
    if (context.newBaseline)
        verdicts = acceptAsBaseline(verdicts, alwaysFail);
    const regression = verdicts.some((v) => v.verdict === 'regression');
    const verdict = regression ? 'regression' : judged > 0 ? 'pass' : 'not-judged';
    return {
        experiment: summary.experiment,
        name: summary.name,
        fingerprint: fingerprintKey(summary.fingerprint),
        regression,
        verdict,
        judged,
        ...(verdict === 'not-judged'
            ? {
                notJudged: notJudgedReason(gatedVerdicts, {
                    noComparable: history.length ? undefined : context.noComparable,
                    runs: sinceMark ? sinceMark.length : history.length,
                    since: sinceMark !== null,
                    minRuns: config.minRuns,
                }),
            }
            : {}),
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
/**
 * A gated metric's verdict rests on the history when it was tested against it (a pass, regression or
 * improvement with a baseline), or when it failed whatever the history (NaN, divergence). A pass without a
 * baseline (not reached, never logged) and too little history judged nothing.
 */
function wasJudged(v) {
    if (v.verdict === 'regression')
        return true;
    return (v.verdict === 'pass' || v.verdict === 'improvement') && v.baseline !== null;
}
/** Why no gated metric was judged, in words: what each one lacked, counted. */
function notJudgedReason(verdicts, h) {
    if (verdicts.length === 0)
        return 'no metric of this run is gated (no loss, quality, throughput, timer or memory column)';
    if (h.noComparable)
        return h.noComparable;
    const runs = `${h.runs} comparable run${h.runs === 1 ? '' : 's'}${h.since ? ' since the new baseline' : ''}`;
    const young = verdicts.filter((v) => v.verdict === 'insufficient-history');
    const missing = verdicts.filter((v) => v.verdict === 'missing');
    const other = verdicts.length - young.length - missing.length;
    const parts = [
        young.length
            ? `${young.length} of ${verdicts.length} gated metrics ${young.length === 1 ? 'has' : 'have'} too little history (${runs}; ${h.minRuns} needed)`
            : '',
        missing.length ? `${missing.length} ${missing.length === 1 ? 'has' : 'have'} no value in this run` : '',
        other ? `${other} ${other === 1 ? 'was' : 'were'} not reached or never logged` : '',
    ].filter(Boolean);
    return `no gated metric could be judged: ${parts.join('; ')}`;
}
function verdictBase(m) {
    return { name: m.name, direction: m.class.direction, unit: m.class.unit };
}
/** A gated metric's verdict when it needs no budget (broken, missing, too little history), else what the budget needs. */
function judgeMetric(m, key, history, completeness, config, where) {
    const better = m.class.direction === 'higher' ? 1 : -1;
    const family = metricFamily(key, m.class);
    const base = verdictBase(m);
    const { broken } = where;
    const basis = comparisonBasis(m, key, history, completeness);
    const points = historyPoints(history, key, basis.recordValue, basis.window !== null);
    const values = points.map((p) => p.value).filter(Number.isFinite);
    const current = basis.current;
    if (basis.window)
        where.windows.set(m.name, basis.window);
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
    // A pass that judged nothing (no baseline): said why, and counted as not judged.
    const unjudged = (why) => ({
        ...base,
        verdict: 'pass',
        current: null,
        baseline: null,
        change: null,
        reason: `${m.name}: ${why}`,
    });
    if (basis.unmatched)
        return unjudged(basis.unmatched);
    if (!Number.isFinite(current)) {
        const later = notReached(history, key, completeness);
        if (later)
            return unjudged(later);
        // A column the runs log but never fill (an eval that never ran): nothing was there to lose.
        if (history.length && history.every((r) => metricValue(r.metrics[key]) === null))
            return unjudged('no finite value in this run, nor in any comparable run');
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
    // The same value in every run: no spread to test against, whatever the runs' own noise (copies). Every
    // run, not only the level's: a level of three equal runs after a shift has the other runs' spread.
    if (baseline && (baseline.sd === 0 || values.every((v) => v === values[0])))
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
        const threshold = criticalT(share, p.floor, p.minT, p.baseline.df);
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
/** The metric's value in each comparable run, oldest first; a baseline mark on a run without it carries over. */
function historyPoints(history, key, valueOfRecord, windowed) {
    const points = [];
    let mark = false;
    for (const r of history) {
        mark ||= r.baseline;
        const m = r.metrics[key];
        if (!m)
            continue;
        points.push({
            value: valueOfRecord(m),
            marked: mark,
            ...(windowed || m.noise === undefined ? {} : { noise: m.noise }),
            ...(m.regressed ? { regressed: true } : {}),
        });
        mark = false;
    }
    return points;
}
/** Judged metrics the latest comparable run had and this run lacks (unless it stopped before they start). */
function missingVerdicts(history, present, c) {
    const last = history[history.length - 1];
    if (!last)
        return [];
    return Object.entries(last.metrics)
        .filter(([key, m]) => !present.has(key) && m.direction !== 'none' && m.kind !== 'ignore' && m.kind !== 'gauge')
        .filter(([key]) => notReached(history, key, c) === null)
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

function findCulprit(history, gate, config, c) {
    const judged = gate.metrics.filter((m) => m.baseline !== null && m.current !== null);
    const ordered = [
        ...judged.filter((m) => m.verdict === 'regression'),
        ...judged.filter((m) => m.verdict !== 'regression'),
    ];
    for (const m of ordered) {
        const key = metricKey(m.name);
        const shifts = metricChangePoints(history, key, config, c.minEffect(key));
        const last = shifts[shifts.length - 1];
        // A mark after the shift accepted it, even one that did not move the level (the detector lists none).
        const accepted = last !== undefined && history.slice(last.at).some((r) => r.baseline);
        if (last && last.effect === 'worse' && !last.marked && !accepted)
            return range(key, 'level-shift', last.lastBefore, last.firstAfter, history.length - last.at, c, last.environment);
    }
    if (!c.onDefaultBranch)
        return null;
    for (const m of ordered.filter((v) => v.verdict === 'regression')) {
        const key = metricKey(m.name);
        const good = [...history].reverse().find((r) => metricValue(r.metrics[key]) !== null);
        if (good)
            return range(key, 'regression', runRef(good), c.current, 0, c, explainEnvironment(good.environment, c.environment ?? undefined) ?? undefined);
    }
    return null;
}
function range(metric, why, good, bad, runsAgo, c, environment) {
    return {
        metric,
        why,
        good,
        bad,
        runsAgo,
        compare: c.compare(good.sha, bad.sha),
        ...(environment ? { environment } : {}),
    };
}
/**
 * `check --bisect`: the history before the first bad run, so a commit is judged against runs of good
 * commits only. The first bad run is the earliest run that starts a shift for the worse in any of `keys`
 * (the metrics the run is judged on), found by the level-shift detector over the whole history with the
 * baseline marks disregarded: a bisection looks for the commit that made the change, even one that was
 * later acknowledged as a new baseline. Without such a shift, the whole history.
 */
function historyBeforeFirstBad(history, keys, config, minEffect) {
    const unmarked = history.map((r) => (r.baseline ? { ...r, baseline: false } : r));
    let cut = history.length;
    for (const key of keys) {
        const worse = metricChangePoints(unmarked, key, config, minEffect(key)).find((p) => p.effect === 'worse');
        if (worse && worse.at < cut)
            cut = worse.at;
    }
    return { runs: history.slice(0, cut), firstBad: cut < history.length ? runRef(history[cut]) : null };
}

export { findCulprit as f, historyBeforeFirstBad as h, judgeRun as j, runCompleteness as r };
