/**
 * `check --bisect` speaks `git bisect run`'s language: 0 good, 1 bad, 125 skip (this commit cannot be
 * judged). Bad input is a skip, not "bad": a commit whose training does not produce a readable metrics file
 * says nothing about the regression being looked for. So is a run of which no metric could be judged (no
 * comparable history, too few runs): guessing good or bad there would send the bisection the wrong way.
 */
import type { GateResult } from '../model.js';

export const BISECT_GOOD = 0 as const;
export const BISECT_BAD = 1 as const;
export const BISECT_SKIP = 125 as const;

export function bisectExitCode(gate: readonly GateResult[], errors: number): 0 | 1 | 125 {
  if (errors > 0 || gate.length === 0) return BISECT_SKIP;
  if (gate.some((g) => g.regression)) return BISECT_BAD;
  return gate.some((g) => g.verdict === 'pass') ? BISECT_GOOD : BISECT_SKIP;
}
