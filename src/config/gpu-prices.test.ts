import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { gpuPricesFromSection, parseGpuPrices } from './gpu-prices.js';
import { parseConfig } from './parse.js';
import { sectionValue } from './section.js';

describe('GPU prices', () => {
  it('reads JSON and YAML maps', () => {
    expect(parseGpuPrices('{ "H100": 2.49, "A100": 1.29 }', 'gpu-price')).toEqual({ H100: 2.49, A100: 1.29 });
    expect(parseGpuPrices('H100: 2.49\nH100 NVL: 3\n', 'gpu-price')).toEqual({ H100: 2.49, 'H100 NVL': 3 });
    expect(parseGpuPrices('', 'gpu-price')).toEqual({});
  });

  it('refuses a price that is not a number ≥ 0, naming the line', () => {
    const err = (() => {
      try {
        parseGpuPrices('H100: 2.49\nA100: cheap\n', 'prices.yml');
      } catch (e) {
        return e as InputError;
      }
      return null;
    })();
    expect(err).toBeInstanceOf(InputError);
    expect(err!.message).toBe('prices.yml:2: price for "A100" must be a number ≥ 0 (per GPU-hour)');
    expect(() => parseGpuPrices('[1, 2]', 'gpu-price')).toThrow(InputError);
    expect(() => parseGpuPrices('H100: -1', 'gpu-price')).toThrow(/≥ 0/);
    expect(() => parseGpuPrices('H100: 2.49\nA100: [1,', 'gpu-price')).toThrow(
      /^gpu-price:2: invalid YAML in GPU prices: /,
    );
    expect(() => gpuPricesFromSection({ H100: true }, 'c.yml')).toThrow(InputError);
    expect(gpuPricesFromSection({ H100: 2 }, 'c.yml')).toEqual({ H100: 2 });
  });

  it('takes prices from the input, else the config section; bad prices are InputErrors', () => {
    const text = 'gpu_price:\n  A100: 1.29\n';
    expect(sectionValue(parseConfig(text, 'c.yml').gpuPrices)).toEqual({ A100: 1.29 });
    expect(sectionValue(parseConfig(text, 'c.yml', { gpuPrice: 'H100: 2' }).gpuPrices)).toEqual({ H100: 2 });
    expect(() => sectionValue(parseConfig('gpu_price: 3\n', 'c.yml').gpuPrices)).toThrow(InputError);
    expect(() => sectionValue(parseConfig(text, 'c.yml', { gpuPrice: 'H100: [1]' }).gpuPrices)).toThrow(
      /gpu-price:1: price for "H100"/,
    );
  });

  it('counts prices as given when the input or the section has any', () => {
    expect(parseConfig('', 'c.yml').gpuPricesGiven).toBe(false);
    expect(parseConfig('gpu_price: { H100: 2 }\n', 'c.yml').gpuPricesGiven).toBe(true);
    expect(parseConfig('', 'c.yml', { gpuPrice: 'H100: 2' }).gpuPricesGiven).toBe(true);
  });
});
