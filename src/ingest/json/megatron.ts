/**
 * Megatron-LM golden values: metric-major JSON in two layouts, both still in Megatron-LM's tree:
 * `{ "<metric>": { start_step, end_step, step_interval, values: { "<step>": value } } }`, and an older one
 * where `values` is a list whose i-th value is at step `start_step + i × step_interval`. A NaN is stored
 * as the string `"nan"`. Metrics of one file may have different lengths: each keeps its own steps, and
 * rows are merged by step. A top-level scalar beside the metrics (`iteration_timing_avg`) is a run-level
 * figure, not a series: it is left out with a warning.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from '../step-map.js';
import { safeStep } from './safe-step.js';

type Series = { values: Record<string, unknown> | unknown[]; start_step?: unknown; step_interval?: unknown };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isSeries(v: unknown): v is Series {
  return isObject(v) && (isObject(v.values) || Array.isArray(v.values));
}

/** Whether parsed JSON has the golden-values shape: series, and at most scalars beside them. */
export function isMegatronGoldenValues(json: unknown): json is Record<string, unknown> {
  if (!isObject(json)) return false;
  const entries = Object.values(json);
  return entries.some(isSeries) && entries.every((v) => isSeries(v) || !(typeof v === 'object' && v !== null));
}

/**
 * The first step and the interval of a list layout's values (the i-th at `start_step + i × step_interval`),
 * whole numbers whose every step a double holds exactly: a `start_step` of 1e300 would make every step the
 * same number.
 */
function listSteps(source: string, metric: string, series: Series, length: number): [start: number, interval: number] {
  const start = series.start_step;
  const interval = series.step_interval;
  if (typeof start !== 'number' || typeof interval !== 'number' || !(interval > 0)) {
    throw new InputError(
      source,
      null,
      `metric "${metric}": "values" is a list, so it needs a numeric "start_step" and a positive "step_interval"`,
    );
  }
  const last = start + Math.max(0, length - 1) * interval;
  for (const [what, v] of [
    ['start_step', start],
    ['step_interval', interval],
    [`the last step (start_step + ${length - 1} × step_interval)`, last],
  ] as const)
    if (!Number.isSafeInteger(v))
      throw new InputError(source, null, `metric "${metric}": ${what} ${v} is not a whole number within ±2^53`);
  return [start, interval];
}

export function megatronTable(source: string, json: Record<string, unknown>, batchSize: number): Table {
  const map = new StepMap(source);
  const warnings: string[] = [];
  for (const [metric, series] of Object.entries(json)) {
    if (!isSeries(series)) {
      const shown = String(JSON.stringify(series));
      warnings.push(
        `top-level value "${metric}" (${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}) is a run-level figure, not a per-step series; left out`,
      );
      continue;
    }
    const column = map.column(metric);
    if (Array.isArray(series.values)) {
      const values = series.values;
      const [start, interval] = listSteps(source, metric, series, values.length);
      column.reserve(values.length);
      for (let i = 0; i < values.length; i++) column.add(start + i * interval, values[i]);
      continue;
    }
    for (const key in series.values) {
      const step = safeStep(key);
      if (step === null)
        throw new InputError(source, null, `metric "${metric}": step "${key}" is not a whole number within ±2^53`);
      column.add(step, series.values[key]);
    }
  }
  return map.toTable('step', batchSize, warnings, "Megatron's golden values");
}
