/**
 * Hugging Face Trainer's `trainer_state.json`: `log_history` is a list of entries with a `step` and
 * whatever was logged then: training entries (loss, learning_rate, grad_norm), evaluation entries
 * (eval_*), and one summary entry at the end (train_runtime, train_samples_per_second, total_flos).
 * Entries of the same step are merged into one row.
 */
import { InputError, type Table } from '../../model.js';
import { StepMap } from '../step-map.js';
import { safeStep } from './safe-step.js';

export function isHfTrainerState(json: unknown): json is { log_history: unknown[] } {
  return typeof json === 'object' && json !== null && Array.isArray((json as { log_history?: unknown }).log_history);
}

export function hfTrainerStateTable(source: string, json: { log_history: unknown[] }, batchSize: number): Table {
  const map = new StepMap(source);
  const warnings: string[] = [];
  let withoutStep = 0;
  let unsafe = 0;
  let firstUnsafe = '';
  json.log_history.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new InputError(source, null, `log_history[${i}] is not an object`);
    }
    const raw = (entry as Record<string, unknown>).step;
    if (typeof raw !== 'number' || !Number.isFinite(raw)) {
      withoutStep++;
      return;
    }
    const step = safeStep(raw);
    if (step === null) {
      if (unsafe++ === 0) firstUnsafe = `log_history[${i}]: step ${raw}`;
      return;
    }
    for (const key in entry) {
      if (key !== 'step') map.set(step, key, (entry as Record<string, unknown>)[key]);
    }
  });
  if (withoutStep)
    warnings.push(`${withoutStep} log_history entr${withoutStep === 1 ? 'y' : 'ies'} without a numeric step left out`);
  if (unsafe)
    warnings.push(
      `${unsafe} log_history entr${unsafe === 1 ? 'y' : 'ies'} whose step is not a whole number within ±2^53 left out (the first: ${firstUnsafe})`,
    );
  return map.toTable('step', batchSize, warnings);
}
