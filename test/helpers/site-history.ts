/**
 * A small history for the site's tests: one experiment whose MFU drops at run `dropAt` (with the CUDA
 * version changing there), a pull request run, a quarantined run, and hostile names where asked.
 */
import type { HistoryRecord } from '../../src/model.js';

export function trendHistory(
  o: { runs?: number; dropAt?: number; experiment?: string; mark?: number; repository?: string } = {},
): HistoryRecord[] {
  const runs = o.runs ?? 40;
  const dropAt = o.dropAt ?? 25;
  const out: HistoryRecord[] = [];
  for (let i = 0; i < runs; i++) {
    const mfu = (i < dropAt ? 0.42 : 0.38) * (1 + 0.004 * Math.sin(i * 7));
    out.push({
      experiment: o.experiment ?? 'gpt-small',
      fingerprint: 'gpu=H100,world_size=8',
      run: `run-${i}`,
      recordedAt: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
      ref: 'refs/heads/main',
      sha: (i + 1).toString(16).padStart(40, 'a'),
      runId: String(i + 1),
      repository: o.repository ?? 'org/repo',
      baseline: i === o.mark,
      steps: 500,
      complete: true,
      metrics: {
        mfu: { kind: 'window', direction: 'higher', unit: 'ratio', centre: mfu, spread: 0.008, n: 480, nonFinite: 0 },
      },
      environment: { cuda: i < dropAt ? '12.4' : '12.6', driver: '550.54' },
      ...(i === 5 ? { pullRequest: 7 } : {}),
      ...(i === 8 ? { quarantined: { at: '2026-02-01T00:00:00Z', reason: 'bad node' } } : {}),
    });
  }
  return out;
}
