/**
 * Baseline policy: which runs are written to the history. Pull requests compare and never write (they
 * would set the level for the code they change). Runs of the default branch and scheduled runs record
 * themselves even when they regress, so the history is the truth and an intended change can be
 * acknowledged (a run marked as a new baseline) instead of leaving the gate stuck on an old level.
 */
import { branchType } from '../naming.js';
import type { GitHubContext } from '../options.js';

export type RecordMode = 'auto' | 'always' | 'never';

export function shouldRecord(
  mode: RecordMode,
  github: Pick<GitHubContext, 'ref' | 'eventName' | 'defaultBranch'>,
): { record: boolean; reason: string } {
  if (mode === 'never') return { record: false, reason: 'record is never' };
  if (mode === 'always') return { record: true, reason: 'record is always' };
  const type = branchType(github);
  if (type === 'pr') return { record: false, reason: 'pull requests are compared, never recorded' };
  if (github.eventName === 'schedule') return { record: true, reason: 'scheduled runs are recorded' };
  if (type === 'main')
    return { record: true, reason: `runs of the default branch (${github.defaultBranch}) are recorded` };
  if (!github.eventName)
    return { record: false, reason: 'not in a workflow: use record (or record: always) to write the history' };
  return {
    record: false,
    reason: `only default-branch and scheduled runs are recorded (this is ${github.ref || github.eventName})`,
  };
}
