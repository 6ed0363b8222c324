/**
 * `check --bisect` speaks `git bisect run`'s language: 0 good, 1 bad, 125 skip (this commit cannot be
 * judged). Bad input is a skip, not "bad": a commit whose training does not produce a readable metrics file
 * says nothing about the regression being looked for. So is a run of which no metric could be judged (no
 * comparable history, too few runs): guessing good or bad there would send the bisection the wrong way.
 *
 * Only a whole run is good. A run the gate found regressed is bad, whether it finished or stopped early (its
 * steps against the history's same steps, or a file that ends inside a row where the history's runs went
 * further). A run that did not finish and did not regress as far as it went is a skip: a third of a run
 * that looks fine is no evidence the commit is good. A metrics file holding a Python traceback (the
 * training crashed and wrote its error into it) is a skip whatever its rows say: the crash, not the
 * metric, decided where the run ended, and a script that wants a crash to count as bad says so by its
 * own exit code (`train.sh || exit 1`).
 */
import type { GateResult, RunSummary } from '../model.js';

export const BISECT_GOOD = 0 as const;
export const BISECT_BAD = 1 as const;
export const BISECT_SKIP = 125 as const;

export function bisectExitCode(
  gate: readonly GateResult[],
  errors: number,
  summaries: readonly Pick<RunSummary, 'crash'>[] = [],
): 0 | 1 | 125 {
  if (errors > 0 || gate.length === 0) return BISECT_SKIP;
  if (summaries.some((s) => s.crash)) return BISECT_SKIP;
  if (gate.some((g) => g.regression)) return BISECT_BAD;
  if (gate.some((g) => !g.run.complete || g.run.truncated)) return BISECT_SKIP;
  return gate.some((g) => g.verdict === 'pass') ? BISECT_GOOD : BISECT_SKIP;
}
