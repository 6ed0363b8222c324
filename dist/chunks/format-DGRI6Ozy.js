/** Numbers in verdict lines: enough digits to see a 1 % change, no more. */
function formatValue(x) {
    if (!Number.isFinite(x))
        return String(x);
    const a = Math.abs(x);
    if (a !== 0 && (a >= 1e6 || a < 1e-3))
        return x.toExponential(3);
    return Number(x.toPrecision(4)).toString();
}
/**
 * A relative change as a signed percentage with a real minus sign: −0.0553 → "−5.5 %", 0.123 → "+12.3 %",
 * 1.5 → "+150 %"; "—" for none. Verdict lines and the report's Change column both write changes with it,
 * so the two never disagree.
 */
function formatChange(change) {
    if (change === null || !Number.isFinite(change))
        return '—';
    const pct = change * 100;
    const digits = Math.abs(pct) >= 100 ? 0 : 1;
    const text = Math.abs(pct).toFixed(digits);
    if (Number(text) === 0)
        return '0.0 %';
    return `${pct < 0 ? '\u2212' : '+'}${text} %`;
}
/**
 * The one spread a verdict shows, in its reason and in the report's baseline column alike: the noise band
 * (half-width beyond which a change is a regression or an improvement) for a judged metric, the history's
 * run-to-run standard deviation where too few runs allow no band.
 */
function spreadLabel(verdict) {
    return verdict === 'insufficient-history' ? 'sd' : 'noise band';
}
/** `± 1.2 % noise band`: the spread relative to the centre (absolute when the centre is 0), then its label. */
function formatSpread(centre, spread, label) {
    const text = centre !== 0 && Number.isFinite(centre)
        ? `${formatChange(spread / Math.abs(centre)).replace(/^[+\u2212]/, '')}`
        : formatValue(spread);
    return `± ${text} ${label}`;
}

export { formatValue as a, formatSpread as b, formatChange as f, spreadLabel as s };
