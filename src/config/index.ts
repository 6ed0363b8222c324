/**
 * The YAML config file, read once here and handed out by section: no stage reads it or parses it again.
 *
 *   loss_every: 50          # summary: loss sampled every N steps (tag step:N)
 *   warmup_steps: 10        # summary: first steps skipped for timers and the steady state
 *   max_windows: 32         # summary: bound on step windows per run (window size doubles to stay under it)
 *   loss_max_points: 200    # summary: bound on sampled loss points per run (interval doubles to stay under it)
 *   metrics:                # classification: first matching pattern wins; matched against the header and its key
 *     "train.*loss": { kind: loss, direction: lower, min_effect: 0.01 }
 *     "debug_*":     { kind: ignore }
 *   gate: { alpha: 0.01 }   # the gate's settings (gate.ts)
 *   gpu_price: { H100: 2.49 }  # price per GPU-hour by GPU type (gpu-prices.ts)
 *
 * The parser (parse.ts, with the YAML and glob libraries) is loaded only when there is something to parse.
 */
import { readRegularText } from '../ingest/file.js';
import type { ClassRule } from '../classify/index.js';
import { DEFAULT_GATE_CONFIG, type GateConfig } from '../gate/config.js';
import type { GpuPrices } from '../gpu/price.js';
import { InputError } from '../model.js';
import { DEFAULT_SUMMARY_SETTINGS, type SummarySettings } from '../summarize/settings.js';
import type { Section } from './section.js';

export { sectionValue, type Section } from './section.js';

export interface Config {
  /** The config file, for messages; null when there is none. */
  source: string | null;
  /** Classification overrides by glob pattern (`metrics:`). */
  rules: ClassRule[];
  summary: SummarySettings;
  gate: Section<GateConfig>;
  /** The `gpu-price` input's prices, else the `gpu_price:` section's, else none. */
  gpuPrices: Section<GpuPrices>;
  /** Whether either gave prices: a priced run gets its cost without a GPU capture. */
  gpuPricesGiven: boolean;
}

/** Settings given beside the file (action inputs, CLI flags) that take the place of one of its sections. */
export interface ConfigInputs {
  gpuPrice?: string | null;
}

export const DEFAULT_CONFIG: Config = {
  source: null,
  rules: [],
  summary: DEFAULT_SUMMARY_SETTINGS,
  gate: { ok: true, value: DEFAULT_GATE_CONFIG },
  gpuPrices: { ok: true, value: {} },
  gpuPricesGiven: false,
};

/** Read and validate a config file; every problem with its settings is an InputError with its line. */
export async function loadConfig(path: string | null, inputs: ConfigInputs = {}): Promise<Config> {
  if (!path) {
    if (!inputs.gpuPrice) return DEFAULT_CONFIG;
    const { gpuPriceSettings } = await import('./gpu-prices.js');
    return { ...DEFAULT_CONFIG, ...gpuPriceSettings(inputs.gpuPrice, undefined, null) };
  }
  let text: string;
  try {
    text = await readRegularText(path);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(path, null, `cannot read config: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const { parseConfig } = await import('./parse.js');
  return parseConfig(text, path, inputs);
}
