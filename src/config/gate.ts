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
import { DEFAULT_GATE_CONFIG, type GateConfig } from '../gate/config.js';
import type { FamilyKind } from '../gate/family.js';
import { InputError } from '../model.js';
import { ownValue } from '../own-keys.js';

const NUMBERS: Record<string, [keyof GateConfig, number, number]> = {
  alpha: ['alpha', 1e-6, 0.5],
  min_runs: ['minRuns', 2, 10_000],
  shift_alpha: ['shiftAlpha', 0, 1],
  outlier_mads: ['outlierMads', 1, 1000],
  prior_runs: ['priorRuns', 0, 10_000],
  noise_floor: ['noiseFloor', 0, 1],
  complete_fraction: ['completeFraction', 0, 1],
};

/** Read the config's `gate` section (already parsed); `source` names the config file in errors. */
export function parseGateConfig(section: unknown, source = 'config'): GateConfig {
  const config: GateConfig = { ...DEFAULT_GATE_CONFIG, priorCv: { ...DEFAULT_GATE_CONFIG.priorCv } };
  if (section === undefined || section === null) return config;
  if (typeof section !== 'object' || Array.isArray(section))
    throw new InputError(source, null, 'gate must be a mapping of settings');
  for (const [key, value] of Object.entries(section as Record<string, unknown>)) {
    const spec = ownValue(NUMBERS, key);
    if (spec) {
      const [field, lo, hi] = spec;
      const n = typeof value === 'number' ? value : NaN;
      if (!(n >= lo && n <= hi) || (key === 'min_runs' && !Number.isInteger(n))) {
        throw new InputError(
          source,
          null,
          `gate.${key} must be a number from ${lo} to ${hi}${key === 'min_runs' ? ' (whole)' : ''}`,
        );
      }
      (config[field] as number) = n;
    } else if (key === 'require_complete' || key === 'fail_on_incomplete') {
      // fail_on_incomplete: the older name, still read.
      if (typeof value !== 'boolean') throw new InputError(source, null, `gate.${key} must be true or false`);
      config.requireComplete = value;
    } else if (key === 'prior_cv') {
      if (typeof value !== 'object' || value === null)
        throw new InputError(source, null, 'gate.prior_cv must map throughput/loss/quality/memory/other to numbers');
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (!Object.hasOwn(config.priorCv, k) || typeof v !== 'number' || !(v >= 0 && v < 1)) {
          throw new InputError(
            source,
            null,
            `gate.prior_cv.${k}: expected throughput, loss, quality, memory or other with a number in [0, 1)`,
          );
        }
        config.priorCv[k as FamilyKind] = v;
      }
    } else {
      throw new InputError(
        source,
        null,
        `unknown gate setting "${key}" (${[...Object.keys(NUMBERS), 'prior_cv', 'require_complete'].join(', ')})`,
      );
    }
  }
  return config;
}
