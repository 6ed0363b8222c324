/** Classify each metric column: the config's first matching rule over the defaults by name. */
import type { MetricClass } from '../model.js';
import type { Config } from './config.js';
import { defaultClass } from './defaults.js';

export { DEFAULT_CONFIG, loadConfig, type Config } from './config.js';
export { defaultClass } from './defaults.js';

export function classify(header: string, config: Pick<Config, 'rules'>): MetricClass {
  const base = defaultClass(header);
  const rule = config.rules.find((r) => r.matches(header));
  if (!rule) return base;
  const merged = { ...base, ...rule.override };
  // A metric moved into a judged kind without a direction of its own gets the kind's usual one.
  if (rule.override.kind && !rule.override.direction && merged.direction === 'none') {
    merged.direction =
      merged.kind === 'window' ? 'higher' : merged.kind === 'gauge' || merged.kind === 'ignore' ? 'none' : 'lower';
  }
  if (merged.kind === 'ignore') merged.gate = false;
  return merged;
}
