/**
 * Golden values in the step-major layout Megatron-Bridge and NeMo 2 write:
 * `{ "<step>": { "<metric>": value, … }, …, "<run-level scalar>": value }` — one object per step holding
 * its metrics, and run-level figures (`alloc`, `max_alloc`) beside them. The run-level figures are
 * kept as gauges of the run: a column with its one value at the run's last step. A NaN is the string
 * `"nan"` (or Python's bare NaN), read as the explicit NaN it is.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from '../step-map.js';
import { safeStep } from './safe-step.js';

const STEP_KEY = /^\d+$/;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether parsed JSON is step-major: two or more integer keys holding flat objects, scalars beside them. */
export function isStepMajorGoldenValues(json: unknown): json is Record<string, unknown> {
  if (!isObject(json)) return false;
  let steps = 0;
  for (const [key, value] of Object.entries(json)) {
    if (STEP_KEY.test(key)) {
      if (!isObject(value) || Object.values(value).some((v) => typeof v === 'object' && v !== null)) return false;
      steps++;
    } else if (typeof value === 'object' && value !== null) return false;
  }
  return steps >= 2;
}

export function stepMajorTable(source: string, json: Record<string, unknown>, batchSize: number): Table {
  const map = new StepMap(source);
  const runLevel: [string, unknown][] = [];
  let last = -Infinity;
  for (const [key, value] of Object.entries(json)) {
    if (!STEP_KEY.test(key)) {
      runLevel.push([key, value]);
      continue;
    }
    const step = safeStep(key);
    if (step === null) throw new InputError(source, null, `step "${key}" is not a whole number within ±2^53`);
    last = Math.max(last, step);
    for (const [metric, v] of Object.entries(value as Record<string, unknown>)) map.set(step, metric, v);
  }
  for (const [key, value] of runLevel) map.set(last, key, value);
  const warnings: string[] = [];
  if (runLevel.length)
    warnings.push(
      `run-level value${runLevel.length === 1 ? '' : 's'} ${runLevel.map(([k]) => `"${k}"`).join(', ')} kept as one value at the last step (${last})`,
    );
  return map.toTable('step', batchSize, warnings, 'Megatron-Bridge golden values');
}
