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

/** The setting's value: a whole number, ≥ 1 except `warmup_steps`, which may be 0. */
export function summarySettingValue(
  key: string,
  setting: keyof SummarySettings,
  value: Node | null,
  source: string,
  lineOf: (n: Node | null) => number | null,
): number {
  const n = isScalar(value) ? Number(value.value) : NaN;
  const least = setting === 'warmupSteps' ? 0 : 1;
  if (!Number.isInteger(n) || n < least)
    throw new InputError(source, lineOf(value), `${key} must be a whole number${least === 0 ? '' : ' ≥ 1'}`);
  return n;
}
