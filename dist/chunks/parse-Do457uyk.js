import { d as distExports } from './index-D2ITh64m.js';
import { I as InputError, aY as METRIC_KINDS, q as metricKey, aZ as DEFAULT_GATE_CONFIG, ad as ownValue, a_ as DEFAULT_SUMMARY_SETTINGS, af as plainRecord } from './postgres-url-BezLfty4.js';
import { p as picomatch } from './index-DQhARvuw.js';
import { gpuPriceSettings } from './gpu-prices-CPz3Z89l.js';
import { c as checkSection } from './section-DkCqgg_o.js';
import { p as parseLinedYaml } from './yaml-lines-DqNqVNb0.js';
import 'process';
import 'buffer';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';

/** The config's `metrics:` section: glob patterns → classification overrides, in the order written. */
const KINDS = METRIC_KINDS;
function parseRules(value, source, lineOf) {
    if (!distExports.isMap(value))
        throw new InputError(source, lineOf(value), 'metrics must map glob patterns to settings');
    return value.items.map((rule) => {
        const pattern = distExports.isScalar(rule.key) ? String(rule.key.value) : '';
        return parseRule(pattern, rule.value, source, lineOf);
    });
}
function parseRule(pattern, node, source, lineOf) {
    if (!pattern)
        throw new InputError(source, lineOf(node), 'a metrics pattern is empty');
    if (!distExports.isMap(node))
        throw new InputError(source, lineOf(node), `settings for "${pattern}" must be a mapping`);
    const override = {};
    for (const pair of node.items) {
        const key = distExports.isScalar(pair.key) ? String(pair.key.value) : '';
        const raw = distExports.isScalar(pair.value) ? pair.value.value : undefined;
        const line = lineOf(pair.value);
        switch (key) {
            case 'kind':
                if (!KINDS.includes(raw))
                    throw new InputError(source, line, `kind must be one of ${KINDS.join(', ')}`);
                override.kind = raw;
                break;
            case 'direction':
                if (raw !== 'higher' && raw !== 'lower' && raw !== 'none')
                    throw new InputError(source, line, 'direction must be higher, lower or none');
                override.direction = raw;
                break;
            case 'unit':
                override.unit = String(raw ?? '');
                break;
            case 'gate':
                if (typeof raw !== 'boolean')
                    throw new InputError(source, line, 'gate must be true or false');
                override.gate = raw;
                break;
            case 'min_effect': {
                const n = Number(raw);
                if (!(n >= 0 && n < 1))
                    throw new InputError(source, line, 'min_effect is a fraction: 0.02 means 2 %');
                override.minEffect = n;
                break;
            }
            default:
                throw new InputError(source, line, `unknown metric setting "${key}" (kind, direction, unit, gate, min_effect)`);
        }
    }
    const glob = picomatch(pattern, { nocase: true, dot: true });
    return { pattern, matches: (header) => glob(header) || glob(metricKey(header)), override };
}

/**
 * Gate settings, from the `gate:` section of the YAML config (snake_case keys):
 *
 *   gate:
 *     alpha: 0.01            # false-alarm rate per run, over all gated metrics together
 *     min_runs: 5            # fewer comparable runs: report, don't fail (NaN/divergence still fail)
 *     shift_alpha: 0.001     # significance for finding an accepted level shift in the history
 *     outlier_mads: 5        # history runs this many robust SDs from their level are set aside
 *     prior_runs: 10         # weight (in pseudo-runs) of the typical run-to-run noise below
 *     prior_cv: { throughput: 0.01, loss: 0.003, quality: 0.005, memory: 0.001, other: 0.01 }
 *     noise_floor: 0.0005    # smallest run-to-run SD assumed, relative to the centre
 *     complete_fraction: 0.99  # a run reaching fewer steps than this share of the usual is incomplete
 *     require_complete: false  # fail a run that ended cleanly before the usual step (a cut-off file always fails)
 */
const NUMBERS = {
    alpha: ['alpha', 1e-6, 0.5],
    min_runs: ['minRuns', 2, 10_000],
    shift_alpha: ['shiftAlpha', 0, 1],
    outlier_mads: ['outlierMads', 1, 1000],
    prior_runs: ['priorRuns', 0, 10_000],
    noise_floor: ['noiseFloor', 0, 1],
    complete_fraction: ['completeFraction', 0, 1],
};
/** Read the config's `gate` section (already parsed); `source` names the config file in errors. */
function parseGateConfig(section, source = 'config') {
    const config = { ...DEFAULT_GATE_CONFIG, priorCv: { ...DEFAULT_GATE_CONFIG.priorCv } };
    if (section === undefined || section === null)
        return config;
    if (typeof section !== 'object' || Array.isArray(section))
        throw new InputError(source, null, 'gate must be a mapping of settings');
    for (const [key, value] of Object.entries(section)) {
        const spec = ownValue(NUMBERS, key);
        if (spec) {
            const [field, lo, hi] = spec;
            const n = typeof value === 'number' ? value : NaN;
            if (!(n >= lo && n <= hi) || (key === 'min_runs' && !Number.isInteger(n))) {
                throw new InputError(source, null, `gate.${key} must be a number from ${lo} to ${hi}${key === 'min_runs' ? ' (whole)' : ''}`);
            }
            config[field] = n;
        }
        else if (key === 'require_complete' || key === 'fail_on_incomplete') {
            // fail_on_incomplete: the older name, still read.
            if (typeof value !== 'boolean')
                throw new InputError(source, null, `gate.${key} must be true or false`);
            config.requireComplete = value;
        }
        else if (key === 'prior_cv') {
            if (typeof value !== 'object' || value === null)
                throw new InputError(source, null, 'gate.prior_cv must map throughput/loss/quality/memory/other to numbers');
            for (const [k, v] of Object.entries(value)) {
                if (!Object.hasOwn(config.priorCv, k) || typeof v !== 'number' || !(v >= 0 && v < 1)) {
                    throw new InputError(source, null, `gate.prior_cv.${k}: expected throughput, loss, quality, memory or other with a number in [0, 1)`);
                }
                config.priorCv[k] = v;
            }
        }
        else {
            throw new InputError(source, null, `unknown gate setting "${key}" (${[...Object.keys(NUMBERS), 'prior_cv', 'require_complete'].join(', ')})`);
        }
    }
    return config;
}

/** The config's top-level summary settings (`loss_every`, `warmup_steps`, …): whole numbers, checked at their line. */
const SETTINGS = {
    loss_every: 'lossEvery',
    warmup_steps: 'warmupSteps',
    max_windows: 'maxWindows',
    loss_max_points: 'lossMaxPoints',
};
/** The field a top-level key sets, or undefined when it is not a summary setting. */
function summarySetting(key) {
    return ownValue(SETTINGS, key);
}
/**
 * The most each may be. Steps stay exact up to 2^53 − 1; the two bounds on what a run keeps are bounds on
 * memory and on what a sink is sent per run, so they have a ceiling of their own.
 */
const MOST = {
    lossEvery: Number.MAX_SAFE_INTEGER,
    warmupSteps: Number.MAX_SAFE_INTEGER,
    maxWindows: 4096,
    lossMaxPoints: 100_000,
};
/** The setting's value: a whole number, ≥ 1 except `warmup_steps`, which may be 0, and at most MOST. */
function summarySettingValue(key, setting, value, source, lineOf) {
    const n = distExports.isScalar(value) ? Number(value.value) : NaN;
    const least = setting === 'warmupSteps' ? 0 : 1;
    if (!Number.isInteger(n) || n < least || n > MOST[setting])
        throw new InputError(source, lineOf(value), `${key} must be a whole number from ${least} to ${MOST[setting]}${distExports.isScalar(value) ? `, got ${String(value.value).slice(0, 40)}` : ''}`);
    return n;
}

/**
 * The YAML config file's text → each stage's section (see index.ts for the shape). The file is parsed once;
 * the summary settings and the classification rules are checked here, the gate's and the prices' too but
 * their problems wait for the stage that uses them (section.ts).
 */
function parseConfig(text, source, inputs = {}) {
    const { doc, lineOf } = parseLinedYaml(text, source);
    const summary = { ...DEFAULT_SUMMARY_SETTINGS };
    let rules = [];
    // The sections other stages own, as plain data; other top-level keys are left alone.
    const sections = plainRecord();
    if (doc.contents !== null && !distExports.isMap(doc.contents))
        throw new InputError(source, lineOf(doc.contents), 'the config must be a mapping of settings');
    for (const pair of distExports.isMap(doc.contents) ? doc.contents.items : []) {
        const key = distExports.isScalar(pair.key) ? String(pair.key.value) : '';
        const value = pair.value;
        const setting = summarySetting(key);
        if (setting)
            summary[setting] = summarySettingValue(key, setting, value, source, lineOf);
        else if (key === 'metrics')
            rules = parseRules(value, source, lineOf);
        else
            sections[key] = value && 'toJSON' in value ? value.toJSON() : null;
    }
    return {
        source,
        rules,
        summary,
        gate: checkSection(() => parseGateConfig(sections.gate, source)),
        ...gpuPriceSettings(inputs.gpuPrice ?? null, sections.gpu_price, source),
    };
}

export { parseConfig };
