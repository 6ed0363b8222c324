/**
 * Prices per GPU-hour by GPU type, from the `gpu-price` input / `--gpu-price` flag (YAML or JSON text) or the
 * config file's `gpu_price:` section:
 *
 *   gpu_price: { "H100": 2.49, "A100": 1.29 }
 *
 * How a price is matched to a GPU is src/gpu/price.ts.
 */
import { isMap, isScalar, type Node } from 'yaml';
import type { GpuPrices } from '../gpu/price.js';
import { InputError } from '../model.js';
import { checkSection, type Section } from './section.js';
import { parseLinedYaml } from './yaml-lines.js';

/** The run's prices and whether any were given (a run is priced even without a GPU capture). */
export interface GpuPriceSettings {
  gpuPrices: Section<GpuPrices>;
  gpuPricesGiven: boolean;
}

export function gpuPriceSettings(input: string | null, section: unknown, source: string | null): GpuPriceSettings {
  return {
    gpuPrices: checkSection(() => resolveGpuPrices(input, section, source)),
    gpuPricesGiven: Boolean(input) || Boolean(section),
  };
}

/** Prices from the input text when it has any, else the config's section, else none. */
export function resolveGpuPrices(input: string | null, section: unknown, source: string | null): GpuPrices {
  if (input?.trim()) return parseGpuPrices(input, 'gpu-price');
  return gpuPricesFromSection(section, source ?? 'config') ?? {};
}

/** Parse price text; every problem is an InputError naming `source` and the line. Empty text → no prices. */
export function parseGpuPrices(text: string, source: string): GpuPrices {
  const { doc, lineOf } = parseLinedYaml(text, source, 'YAML in GPU prices');
  if (doc.contents === null) return {};
  if (!isMap(doc.contents))
    throw new InputError(
      source,
      lineOf(doc.contents),
      'GPU prices must map GPU types to a price per GPU-hour, e.g. { "H100": 2.49 }',
    );
  const prices: GpuPrices = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).trim() : '';
    const node = pair.value as Node | null;
    const value = isScalar(node) ? Number(node.value) : Number.NaN;
    if (!key) throw new InputError(source, lineOf(pair.key as Node), 'a GPU type in the prices is empty');
    if (!(Number.isFinite(value) && value >= 0))
      throw new InputError(source, lineOf(node), `price for "${key}" must be a number ≥ 0 (per GPU-hour)`);
    prices[key] = value;
  }
  return prices;
}

/** Validate the config file's `gpu_price` section (already parsed YAML); null when absent. */
export function gpuPricesFromSection(section: unknown, source: string): GpuPrices | null {
  if (section === undefined || section === null) return null;
  if (typeof section !== 'object' || Array.isArray(section))
    throw new InputError(source, null, 'gpu_price must map GPU types to a price per GPU-hour');
  const prices: GpuPrices = {};
  for (const [key, raw] of Object.entries(section)) {
    const value = Number(raw);
    if (typeof raw === 'boolean' || !(Number.isFinite(value) && value >= 0))
      throw new InputError(source, null, `gpu_price: price for "${key}" must be a number ≥ 0`);
    prices[key] = value;
  }
  return prices;
}
