/**
 * What a debugging engineer looks at first in a slow multi-rank job: which rank is slow, by how much,
 * from when, and which rank stopped while the others went on.
 *
 * - A rank's step time is the steady-state median of the job's step timer in its own file; its excess is
 *   that over the median rank's, minus 1.
 * - The straggler is the rank with the largest excess over the stretch up to its last step in which its
 *   step time over the median rank's, step by step and bucket by bucket, stays at least STRAGGLER_EXCESS:
 *   a rank that turned slow at step 1,200 of 2,000 is named, though its median over the run is not slow.
 *   It is slow "from" the first step of that stretch (its first step when it was slow throughout).
 * - A rank stalled when its last step is short of the last step of the others by more than STALL_SHARE
 *   of the job's span and two of its own logging intervals.
 */
import { median as medianOf } from 'simple-statistics';
import type { RanksSummary, RankStat } from '../model.js';
import type { MetricAccumulator } from '../summarize/metric-accumulator.js';
import type { StepCurveBuilder } from '../summarize/step-curve.js';

/** Below it, the slowest rank is within the ranks' usual spread and is not named. */
export const STRAGGLER_EXCESS = 0.05;
/** Curve buckets a rank's ratio to the median rank is kept in: the straggler's onset to 1/256 of the run. */
export const RATIO_BUCKETS = 256;
/** A slow stretch shorter than this many buckets is a few slow steps, not a straggler. */
const MIN_SLOW_BUCKETS = 3;
/** Share of the job's step span a rank must fall short by to have stalled. */
export const STALL_SHARE = 0.05;

/** One rank as the merge saw it. */
export interface RankTrack {
  rank: string;
  source: string;
  rows: number;
  firstStep: number;
  lastStep: number;
  /** The step timer's values in this rank's file; null without a timer. */
  stepTime: MetricAccumulator | null;
  /** Per step, this rank's step time over the median rank's. */
  ratio: StepCurveBuilder;
}

export function ranksSummary(stepTimer: string | null, tracks: readonly RankTrack[]): RanksSummary {
  const times = tracks.map((t) => (t.rows ? (t.stepTime?.finish(t.lastStep).steady?.median ?? null) : null));
  const known = times.filter((v): v is number => v !== null && v > 0);
  const median = known.length ? medianOf(known) : null;
  const ranks: RankStat[] = tracks.map((t, i) => ({
    rank: t.rank,
    source: t.source,
    rows: t.rows,
    firstStep: t.firstStep,
    lastStep: t.lastStep,
    stepTime: times[i] ?? null,
    excess: median !== null && times[i] != null ? times[i]! / median - 1 : null,
  }));
  return { stepTimer, ranks, straggler: straggler(ranks, tracks), stalls: stalls(ranks) };
}

function straggler(ranks: readonly RankStat[], tracks: readonly RankTrack[]): RanksSummary['straggler'] {
  if (ranks.length < 2) return null;
  let best: RanksSummary['straggler'] = null;
  tracks.forEach((t, i) => {
    const slow = slowStretch(t);
    if (slow && (!best || slow.excess > best.excess)) best = { rank: ranks[i]!.rank, ...slow };
  });
  return best;
}

/**
 * The stretch up to a rank's last step in which it was slower than the median rank by STRAGGLER_EXCESS or
 * more, bucket after bucket (at least MIN_SLOW_BUCKETS of them), its mean excess, and where it began: the
 * stretch is taken back over the buckets still above half that excess, so the bucket it began in counts.
 */
function slowStretch(track: RankTrack): { excess: number; from: number } | null {
  const curve = track.ratio.result();
  if (!curve) return null;
  const filled = curve.means.flatMap((mean, k) => (mean === null ? [] : [{ k, mean, count: curve.counts[k]! }]));
  let at = filled.length;
  while (at > 0 && filled[at - 1]!.mean >= 1 + STRAGGLER_EXCESS) at--;
  const stretch = filled.slice(at);
  if (stretch.length < MIN_SLOW_BUCKETS) return null;
  const excess = stretch.reduce((s, b) => s + b.mean * b.count, 0) / stretch.reduce((s, b) => s + b.count, 0) - 1;
  while (at > 0 && filled[at - 1]!.mean >= 1 + excess / 2) at--;
  const from = at === 0 ? track.firstStep : Math.max(track.firstStep, (curve.start + filled[at]!.k) * curve.every);
  return { excess, from };
}

function stalls(ranks: readonly RankStat[]): RanksSummary['stalls'] {
  const logged = ranks.filter((r) => r.rows > 0);
  if (logged.length < 2) return [];
  const first = Math.min(...logged.map((r) => r.firstStep));
  const out: RanksSummary['stalls'] = [];
  for (const r of logged) {
    const othersLast = Math.max(...logged.filter((o) => o !== r).map((o) => o.lastStep));
    const interval = r.rows > 1 ? (r.lastStep - r.firstStep) / (r.rows - 1) : 0;
    const short = Math.max(STALL_SHARE * (othersLast - first), 2 * interval);
    if (othersLast - r.lastStep > short) out.push({ rank: r.rank, lastStep: r.lastStep, othersLast });
  }
  return out;
}

/** One line per stalled rank, for the run's warnings. */
export function stallNotes(summary: RanksSummary): string[] {
  const source = new Map(summary.ranks.map((r) => [r.rank, r.source]));
  return summary.stalls.map(
    (s) =>
      `rank ${s.rank} (${source.get(s.rank)}) stopped at step ${s.lastStep} while the other ranks went on to step ${s.othersLast}`,
  );
}
