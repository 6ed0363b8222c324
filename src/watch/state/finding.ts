/** Why a watched run would be stopped, and where: what the abort rules find and the JSON's `aborted`. */

export type AbortReason = 'nan' | 'divergence' | 'stall' | 'collapse';

export const ABORT_REASONS: readonly AbortReason[] = ['nan', 'divergence', 'stall', 'collapse'];

export interface Finding {
  reason: AbortReason;
  /** The step the rule fired at (the last step seen, for a stall). */
  step: number;
  /** The value that broke the rule: the loss (NaN or ±Infinity as text), the smoothed loss, the seconds since the last step, the smoothed throughput. */
  value: number | string;
  /** When it was found, ISO 8601. */
  at: string;
  /** The column, as logged (none for a stall). */
  metric?: string;
  /** The rank's label, when several files are watched. */
  rank?: string;
  /** One line for people: what happened against what. */
  detail: string;
}

/** A number for JSON: NaN and infinities as their names. */
export function jsonNumber(value: number): number | string {
  return Number.isFinite(value) ? value : String(value);
}
