/** The config's top-level summary settings (`loss_every`, `warmup_steps`, …): whole numbers, checked at their line. */
import { isScalar, type Node } from 'yaml';
import { InputError } from '../model.js';
import type { SummarySettings } from '../summarize/settings.js';
import { ownValue } from '../own-keys.js';

const SETTINGS: Record<string, keyof SummarySettings> = {
  loss_every: 'lossEvery',
  warmup_steps: 'warmupSteps',
  max_windows: 'maxWindows',
  loss_max_points: 'lossMaxPoints',
};

/** The field a top-level key sets, or undefined when it is not a summary setting. */
export function summarySetting(key: string): keyof SummarySettings | undefined {
  return ownValue(SETTINGS, key);
}

/**
 * The most each may be. Steps stay exact up to 2^53 − 1; the two bounds on what a run keeps are bounds on
 * memory and on what a sink is sent per run, so they have a ceiling of their own.
 */
const MOST: Record<keyof SummarySettings, number> = {
  lossEvery: Number.MAX_SAFE_INTEGER,
  warmupSteps: Number.MAX_SAFE_INTEGER,
  maxWindows: 4096,
  lossMaxPoints: 100_000,
};

/** The setting's value: a whole number, ≥ 1 except `warmup_steps`, which may be 0, and at most MOST. */
export function summarySettingValue(
  key: string,
  setting: keyof SummarySettings,
  value: Node | null,
  source: string,
  lineOf: (n: Node | null) => number | null,
): number {
  const n = isScalar(value) ? Number(value.value) : NaN;
  const least = setting === 'warmupSteps' ? 0 : 1;
  if (!Number.isInteger(n) || n < least || n > MOST[setting])
    throw new InputError(
      source,
      lineOf(value),
      `${key} must be a whole number from ${least} to ${MOST[setting]}${isScalar(value) ? `, got ${String(value.value).slice(0, 40)}` : ''}`,
    );
  return n;
}
