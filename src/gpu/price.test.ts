import { describe, expect, it } from 'vitest';
import { priceFor } from './price.js';

describe('GPU prices', () => {
  it('matches by substring, case-insensitively, the longest key winning', () => {
    const prices = { H100: 2.49, 'h100 nvl': 3.1, A100: 1.29 };
    expect(priceFor('NVIDIA H100 80GB HBM3', prices)).toEqual({ key: 'H100', price: 2.49 });
    expect(priceFor('NVIDIA H100 NVL', prices)).toEqual({ key: 'h100 nvl', price: 3.1 });
    expect(priceFor('NVIDIA L4', prices)).toBeNull();
  });
});
