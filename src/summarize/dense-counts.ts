/**
 * A sketch store: counts per key over a contiguous key range, in a Float64Array that doubles (centred on
 * the range) when the range outgrows it, so a store that keeps widening is copied a logarithmic number of
 * times, and adding to a key already in range touches one element.
 */
export class DenseCounts {
  bins = new Float64Array(0);
  /** Key of bins[0]. */
  offset = 0;
  minKey = Number.POSITIVE_INFINITY;
  maxKey = Number.NEGATIVE_INFINITY;
  count = 0;

  /** Count one value at `key`. */
  add(key: number): void {
    if (key < this.minKey || key > this.maxKey) this.extend(key, key);
    const i = key - this.offset;
    this.bins[i] = this.bins[i]! + 1;
    this.count += 1;
  }

  /** Make room for keys in [low, high]: in place when they fit, else twice the range needed, centred. */
  extend(low: number, high: number): void {
    const min = Math.min(low, this.minKey);
    const max = Math.max(high, this.maxKey);
    if (min < this.offset || max >= this.offset + this.bins.length) {
      const needed = max - min + 1;
      const bins = new Float64Array(Math.max(64, 2 * needed));
      const offset = min - ((bins.length - needed) >> 1);
      if (this.minKey <= this.maxKey)
        bins.set(this.bins.subarray(this.minKey - this.offset, this.maxKey - this.offset + 1), this.minKey - offset);
      this.bins = bins;
      this.offset = offset;
    }
    this.minKey = min;
    this.maxKey = max;
  }

  /** Add every count of `other`. */
  merge(other: DenseCounts): void {
    if (other.count === 0) return;
    this.extend(other.minKey, other.maxKey);
    const shift = other.offset - this.offset;
    const bins = this.bins;
    const from = other.bins;
    for (let i = other.minKey - other.offset; i <= other.maxKey - other.offset; i++)
      bins[i + shift] = bins[i + shift]! + from[i]!;
    this.count += other.count;
  }

  /**
   * The keys holding the values of ranks `ranks` (0-based, ascending): for each, the first key whose running
   * count exceeds the rank (`lower`), or reaches rank + 1 — sketches-js' DenseStore.keyAtRank. One pass over
   * the bins for all of them: a window spanning a few stalls has thousands of bins and is asked for seven.
   */
  keysAtRanks(ranks: readonly number[], lower: boolean): number[] {
    const keys = new Array<number>(ranks.length);
    let j = 0;
    let running = 0;
    for (let k = this.minKey; k <= this.maxKey && j < ranks.length; k++) {
      running += this.bins[k - this.offset]!;
      while (j < ranks.length && (lower ? running > ranks[j]! : running >= ranks[j]! + 1)) keys[j++] = k;
    }
    while (j < ranks.length) keys[j++] = this.maxKey;
    return keys;
  }
}
