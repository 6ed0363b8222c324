import { d as distExports } from './index-D2ITh64m.js';
import { I as InputError } from './postgres-url-BezLfty4.js';
import { c as checkSection } from './section-DkCqgg_o.js';
import { p as parseLinedYaml } from './yaml-lines-DqNqVNb0.js';
import 'process';
import 'buffer';
import 'node:fs';
import 'node:fs/promises';
import 'node:path';
import 'node:stream';
import 'stream';
import 'node:os';

/**
 * Prices per GPU-hour by GPU type, from the `gpu-price` input / `--gpu-price` flag (YAML or JSON text) or the
 * config file's `gpu_price:` section:
 *
 *   gpu_price: { "H100": 2.49, "A100": 1.29 }
 *
 * How a price is matched to a GPU is src/gpu/price.ts.
 */
function gpuPriceSettings(input, section, source) {
    return {
        gpuPrices: checkSection(() => resolveGpuPrices(input, section, source)),
        gpuPricesGiven: Boolean(input) || Boolean(section),
    };
}
/** Prices from the input text when it has any, else the config's section, else none. */
function resolveGpuPrices(input, section, source) {
    if (input?.trim())
        return parseGpuPrices(input, 'gpu-price');
    return gpuPricesFromSection(section, source ?? 'config') ?? {};
}
/** Parse price text; every problem is an InputError naming `source` and the line. Empty text → no prices. */
function parseGpuPrices(text, source) {
    const { doc, lineOf } = parseLinedYaml(text, source, 'YAML in GPU prices');
    if (doc.contents === null)
        return {};
    if (!distExports.isMap(doc.contents))
        throw new InputError(source, lineOf(doc.contents), 'GPU prices must map GPU types to a price per GPU-hour, e.g. { "H100": 2.49 }');
    const prices = {};
    for (const pair of doc.contents.items) {
        const key = distExports.isScalar(pair.key) ? String(pair.key.value).trim() : '';
        const node = pair.value;
        const value = distExports.isScalar(node) ? Number(node.value) : Number.NaN;
        if (!key)
            throw new InputError(source, lineOf(pair.key), 'a GPU type in the prices is empty');
        if (!(Number.isFinite(value) && value >= 0))
            throw new InputError(source, lineOf(node), `price for "${key}" must be a number ≥ 0 (per GPU-hour)`);
        prices[key] = value;
    }
    return prices;
}
/** Validate the config file's `gpu_price` section (already parsed YAML); null when absent. */
function gpuPricesFromSection(section, source) {
    if (section === undefined || section === null)
        return null;
    if (typeof section !== 'object' || Array.isArray(section))
        throw new InputError(source, null, 'gpu_price must map GPU types to a price per GPU-hour');
    const prices = {};
    for (const [key, raw] of Object.entries(section)) {
        const value = Number(raw);
        if (typeof raw === 'boolean' || !(Number.isFinite(value) && value >= 0))
            throw new InputError(source, null, `gpu_price: price for "${key}" must be a number ≥ 0`);
        prices[key] = value;
    }
    return prices;
}

export { gpuPriceSettings, gpuPricesFromSection, parseGpuPrices, resolveGpuPrices };
