/**
 * Everything watch mode knows about the run: one LiveRank per watched file, the findings of the abort
 * rules in the order they were made, and the stall rule, which is about time passing rather than rows.
 */
import type { Finding } from './finding.js';
import { LiveRank, type RankRules } from './live-rank.js';

export class WatchState {
  readonly ranks: LiveRank[] = [];
  readonly findings: Finding[] = [];
  readonly startedAt: number;

  constructor(
    private readonly rules: RankRules,
    /** No new step on a rank for this long is a stall. */
    private readonly stallAfterMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** A rank for a newly found file. */
  addRank(label: string): LiveRank {
    const rank = new LiveRank(label, this.rules, (f) => this.findings.push(f), this.now);
    this.ranks.push(rank);
    return rank;
  }

  /** Look for a stall: no rank yet after stall-after, or a rank without a new step for that long. */
  checkStall(): void {
    if (this.findings.some((f) => f.reason === 'stall')) return;
    const now = this.now();
    const at = new Date(now).toISOString();
    const seconds = (since: number) => Math.round((now - since) / 100) / 10;
    if (!this.ranks.length || this.ranks.every((r) => r.rows === 0)) {
      if (now - this.startedAt < this.stallAfterMs) return;
      this.findings.push({
        reason: 'stall',
        step: Number.NaN,
        value: seconds(this.startedAt),
        at,
        detail: `no metrics row in ${seconds(this.startedAt)} s since the command started`,
      });
      return;
    }
    for (const rank of this.ranks) {
      if (now - rank.lastStepAt < this.stallAfterMs) continue;
      // The other ranks still stepping: one rank stalled while the job goes on elsewhere is named so.
      const ahead = this.ranks
        .filter((r) => r !== rank && r.lastStep > rank.lastStep && now - r.lastStepAt < this.stallAfterMs)
        .reduce((m, r) => Math.max(m, r.lastStep), Number.NEGATIVE_INFINITY);
      this.findings.push({
        reason: 'stall',
        step: rank.lastStep,
        value: seconds(rank.lastStepAt),
        at,
        ...(rank.label ? { rank: rank.label } : {}),
        detail: `${rank.label ? `rank ${rank.label}: ` : ''}no new step for ${seconds(rank.lastStepAt)} s after step ${rank.lastStep}${Number.isFinite(ahead) ? `, while the other ranks go on (to step ${ahead})` : ''}`,
      });
      return;
    }
  }

  /** The slowest rank's step: where the run as a whole has got to. */
  step(): number {
    const steps = this.ranks.map((r) => r.lastStep).filter((s) => !Number.isNaN(s));
    return steps.length ? Math.min(...steps) : Number.NaN;
  }

  /** Ranks that logged a new step within stall-after. */
  ranksActive(): number {
    const now = this.now();
    return this.ranks.filter((r) => r.rows > 0 && now - r.lastStepAt < this.stallAfterMs).length;
  }
}
