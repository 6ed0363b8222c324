/**
 * Megatron-LM golden values: metric-major JSON in two layouts, both still in Megatron-LM's tree:
 * `{ "<metric>": { start_step, end_step, step_interval, values: { "<step>": value } } }`, and an older one
 * where `values` is a list whose i-th value is at step `start_step + i × step_interval`. A NaN is stored
 * as the string `"nan"`. Metrics of one file may have different lengths: each keeps its own steps, and
 * rows are merged by step. A top-level scalar beside the metrics (`iteration_timing_avg`) is a run-level
 * figure, not a series: it is left out with a warning.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from './step-map.js';

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

/** The steps of a list layout's values: `start_step + i × step_interval`. */
function listSteps(source: string, metric: string, series: Series, length: number): number[] {
  const start = series.start_step;
  const interval = series.step_interval;
  if (typeof start !== 'number' || !Number.isFinite(start) || typeof interval !== 'number' || !(interval > 0)) {
    throw new InputError(
      source,
      null,
      `metric "${metric}": "values" is a list, so it needs a numeric "start_step" and a positive "step_interval"`,
    );
  }
  return Array.from({ length }, (_, i) => start + i * interval);
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
    if (Array.isArray(series.values)) {
      const values = series.values;
      listSteps(source, metric, series, values.length).forEach((step, i) => {
        map.set(step, metric, values[i]);
      });
      continue;
    }
    for (const [key, value] of Object.entries(series.values)) {
      const step = Number(key);
      if (key.trim() === '' || !Number.isFinite(step)) {
        throw new InputError(source, null, `metric "${metric}": step "${key}" is not a number`);
      }
      map.set(step, metric, value);
    }
  }
  return map.toTable('step', batchSize, warnings, "Megatron's golden values");
}
