import { describe, expect, it } from 'vitest';
import { InputError } from '../model.js';
import { gpuPricesFromSection, parseGpuPrices, priceFor } from './gpu-price.js';

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

  it('matches by substring, case-insensitively, the longest key winning', () => {
    const prices = { H100: 2.49, 'h100 nvl': 3.1, A100: 1.29 };
    expect(priceFor('NVIDIA H100 80GB HBM3', prices)).toEqual({ key: 'H100', price: 2.49 });
    expect(priceFor('NVIDIA H100 NVL', prices)).toEqual({ key: 'h100 nvl', price: 3.1 });
    expect(priceFor('NVIDIA L4', prices)).toBeNull();
  });
});
