/**
 * Price per GPU-hour by GPU type. A key matches a GPU whose name contains it, case-insensitively ("H100"
 * matches "NVIDIA H100 80GB HBM3"); when several match, the longest key wins, so "H100 NVL" can be priced
 * apart from "H100". The prices are read with the config (src/config/gpu-prices.ts).
 */
export type GpuPrices = Record<string, number>;

/** The price entry for a GPU name: the longest key the name contains, case-insensitively; null when none. */
export function priceFor(gpuName: string, prices: GpuPrices): { key: string; price: number } | null {
  const name = gpuName.toLowerCase();
  let best: { key: string; price: number } | null = null;
  for (const [key, price] of Object.entries(prices)) {
    if (name.includes(key.toLowerCase()) && (best === null || key.length > best.key.length)) best = { key, price };
  }
  return best;
}
