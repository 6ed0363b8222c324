/**
 * Megatron-LM golden values: metric-major JSON
 * `{ "<metric>": { start_step, end_step, step_interval, values: { "<step>": value } } }`,
 * where a NaN is stored as the string `"nan"`.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from './step-map.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether parsed JSON has the golden-values shape. */
export function isMegatronGoldenValues(json: unknown): json is Record<string, { values: Record<string, unknown> }> {
  if (!isObject(json)) return false;
  const metrics = Object.values(json);
  return metrics.length > 0 && metrics.every((m) => isObject(m) && isObject(m.values));
}

export function megatronTable(
  source: string,
  json: Record<string, { values: Record<string, unknown> }>,
  batchSize: number,
): Table {
  const map = new StepMap(source);
  for (const [metric, series] of Object.entries(json)) {
    for (const [key, value] of Object.entries(series.values)) {
      const step = Number(key);
      if (key.trim() === '' || !Number.isFinite(step)) {
        throw new InputError(source, null, `metric "${metric}": step "${key}" is not a number`);
      }
      map.set(step, metric, value);
    }
  }
  return map.toTable('step', batchSize, []);
}
