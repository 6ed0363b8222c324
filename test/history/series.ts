/** Histories with a known shape: runs of one experiment whose MFU is steady with a little noise, or drops at a given run. */
import type { HistoryRecord } from '../../src/model.js';
import { sampleRecord } from '../helpers/history-records.js';

/** Deterministic noise in [−1, 1]. */
function noise(i: number): number {
  const x = Math.sin(i * 12.9898 + 78.233) * 43758.5453;
  return 2 * (x - Math.floor(x)) - 1;
}

/** `n` runs named run0…, MFU 0.42 ± 0.4 %, × (1 − drop) from run `dropAt` on; commit i is `sha(i)`. */
export function mfuSeries(
  n: number,
  o: { dropAt?: number; drop?: number; experiment?: string; fingerprint?: string } = {},
): HistoryRecord[] {
  return Array.from({ length: n }, (_, i) => {
    const level = o.dropAt !== undefined && i >= o.dropAt ? 0.42 * (1 - (o.drop ?? 0.1)) : 0.42;
    return sampleRecord(`run${i}`, level * (1 + 0.004 * noise(i)), {
      experiment: o.experiment ?? 'gpt-small',
      ...(o.fingerprint !== undefined ? { fingerprint: o.fingerprint } : {}),
      runId: String(1000 + i),
      sha: sha(i),
      recordedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    });
  });
}

export function sha(i: number): string {
  return i.toString(16).padStart(2, '0').repeat(20);
}
