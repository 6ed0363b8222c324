/**
 * An RL loss is no training loss that should fall and stay down: a value or critic loss grows as the
 * returns it predicts grow. A loss the divergence rule flags while the run's own return (episode reward,
 * return, success rate) improved over the same stretch is not called diverged, and the run's warnings
 * say why: the return from the step the rise began to the end, against its level there.
 *
 *   level at the rise = median of the return's sampled points at or before the rise's step (the last 5)
 *   improved ⇔ its final-window median − that level > max(min_effect · |level|, its own per-point noise)
 */
import { median } from 'simple-statistics';
import type { MetricSummary } from '../model.js';
import { metricKey } from '../naming.js';

const RETURN =
  /(^|[._])(rewards?|returns?|ep_?rew(ard)?(_mean)?|eprewmean|episode_(reward|return)s?|success(_rate)?)($|[._])|epret$/;

/** The return's level where the rise began, and at its end, where it improved; else null. */
function improvedFrom(q: MetricSummary, step: number): { from: number; to: number } | null {
  const loss = q.loss;
  if (!loss || loss.finalWindow.count === 0) return null;
  const before = loss.samples.filter(([s]) => s <= step).slice(-5);
  if (before.length === 0) return null;
  const from = median(before.map(([, v]) => v));
  const to = loss.finalWindow.median;
  const margin = Math.max(q.class.minEffect * Math.abs(from), loss.noise ?? 0);
  return to - from > margin ? { from, to } : null;
}

export function withRisingReturns(metrics: readonly MetricSummary[]): { metrics: MetricSummary[]; notes: string[] } {
  const returns = metrics.filter(
    (m) =>
      m.class.kind === 'quality' && m.class.direction === 'higher' && m.class.gate && RETURN.test(metricKey(m.name)),
  );
  const notes: string[] = [];
  const out = metrics.map((m) => {
    const d = m.class.kind === 'loss' ? m.loss?.divergence : null;
    if (!d || !m.loss) return m;
    for (const q of returns) {
      const up = improvedFrom(q, d.step);
      if (!up) continue;
      notes.push(
        `"${m.name}" rose from step ${d.step} while "${q.name}" improved (${up.from.toPrecision(4)} → ${up.to.toPrecision(4)}): an RL loss grows with the returns, so it is not called diverged`,
      );
      return { ...m, loss: { ...m.loss, divergence: null } };
    }
    return m;
  });
  return { metrics: out, notes };
}
