/** Classify each metric column: the config's first matching rule over the defaults by name. */
import type { MetricClass } from '../model.js';
import { defaultClass } from './defaults.js';

export { classRule, defaultClass, RULES, statesTimeUnit } from './defaults.js';

/** One `metrics:` entry of the config: a glob pattern and what it changes in the class of what it matches. */
export interface ClassRule {
  pattern: string;
  matches: (header: string) => boolean;
  override: Partial<MetricClass>;
}

export function classify(header: string, config: { rules: ClassRule[] }): MetricClass {
  const base = defaultClass(header);
  const rule = config.rules.find((r) => r.matches(header));
  if (!rule) return base;
  const merged = { ...base, ...rule.override };
  // A metric moved into a judged kind without a direction of its own gets the kind's usual one.
  if (rule.override.kind && !rule.override.direction && merged.direction === 'none') {
    merged.direction =
      merged.kind === 'window' || merged.kind === 'quality'
        ? 'higher'
        : merged.kind === 'gauge' || merged.kind === 'ignore'
          ? 'none'
          : 'lower';
  }
  if (merged.kind === 'ignore') merged.gate = false;
  return merged;
}
