/**
 * The YAML config file: classification overrides by glob pattern and the sampling settings.
 *
 *   loss_every: 50          # loss sampled every N steps (tag step:N)
 *   warmup_steps: 10        # first steps skipped for timers and the steady state
 *   max_windows: 32         # bound on step windows per run (window size doubles to stay under it)
 *   loss_max_points: 200    # bound on sampled loss points per run (interval doubles to stay under it)
 *   metrics:                # first matching pattern wins; matched against the header and its key
 *     "train.*loss": { kind: loss, direction: lower, min_effect: 0.01 }
 *     "debug_*":     { kind: ignore }
 *
 * Other top-level sections (gate, gpu_price, …) are kept in `sections` for the stages that own them.
 * The parser (parse-config.ts, with the YAML and glob libraries) is loaded only when there is a file.
 */
import { readFile } from 'node:fs/promises';
import { InputError, type MetricClass } from '../model.js';

export interface ClassRule {
  pattern: string;
  matches: (header: string) => boolean;
  override: Partial<MetricClass>;
}

export interface Config {
  lossEvery: number;
  warmupSteps: number;
  maxWindows: number;
  lossMaxPoints: number;
  rules: ClassRule[];
  /** Other top-level sections, as parsed. */
  sections: Record<string, unknown>;
  source: string | null;
}

export const DEFAULT_CONFIG: Config = {
  lossEvery: 50,
  warmupSteps: 10,
  maxWindows: 32,
  lossMaxPoints: 200,
  rules: [],
  sections: {},
  source: null,
};

/** Read and validate a config file; every problem is an InputError with its line. */
export async function loadConfig(path: string | null): Promise<Config> {
  if (!path) return DEFAULT_CONFIG;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new InputError(path, null, `cannot read config: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const { parseConfig } = await import('./parse-config.js');
  return parseConfig(text, path);
}
