/**
 * The run's steps: from its first row to its last row with a value in any column. Trailing rows with no
 * value at all (empty cells, a file padded to a nominal length) are not steps; they are counted once, for
 * one warning. A logged "nan" is a value (a run that went NaN and kept logging).
 */
import type { Batch } from '../model.js';

export class RowSpan {
  /** Rows up to the last one with data. */
  count = 0;
  first = Number.NaN;
  last = Number.NaN;
  /** Rows after the last one with data, and the steps they span. */
  private pending = 0;
  private padFrom = Number.NaN;
  private padTo = Number.NaN;

  add(batch: Batch): void {
    const n = batch.steps.length;
    if (Number.isNaN(this.first)) this.first = batch.steps[0]!;
    const at = lastRowWithData(batch);
    if (at >= 0) {
      this.count += this.pending + at + 1;
      this.last = batch.steps[at]!;
      this.pending = 0;
    }
    if (at < n - 1) {
      if (this.pending === 0) this.padFrom = batch.steps[at + 1]!;
      this.pending += n - at - 1;
      this.padTo = batch.steps[n - 1]!;
    }
  }

  /** One line on the trailing rows left out, or null when there are none. */
  paddingWarning(): string | null {
    if (this.pending === 0) return null;
    const rows = `${this.pending} trailing row${this.pending === 1 ? '' : 's'}`;
    const steps = this.padFrom === this.padTo ? `step ${this.padFrom}` : `steps ${this.padFrom}–${this.padTo}`;
    const end = Number.isNaN(this.last) ? 'no row has a value' : `the run ends at step ${this.last}`;
    return `${rows} (${steps}) have no value in any column: not counted as steps; ${end}`;
  }
}

/**
 * Index of the batch's last row with a non-NaN cell or an explicit NaN token (±Infinity and a logged NaN
 * are data: a broken value), or −1.
 */
function lastRowWithData(batch: Batch): number {
  let best = -1;
  const n = batch.steps.length;
  for (const rows of batch.nanTokens ?? []) if (rows?.length) best = Math.max(best, rows[rows.length - 1]!);
  for (const column of batch.values) {
    // Only rows after the best so far can move it: in a run without padding this stops at once.
    for (let i = n - 1; i > best; i--) {
      if (!Number.isNaN(column[i]!)) {
        best = i;
        break;
      }
    }
    if (best === n - 1) break;
  }
  return best;
}
