/**
 * A run's attributes on its root span, named by OpenTelemetry's semantic conventions where they have a
 * name (vcs.*, cicd.*) and under `training.` where they do not: experiment, run, fingerprint, ranks, steps.
 */
import type { RunSummary } from '../../model.js';
import type { GitHubContext } from '../../options.js';
import { cut, type SpanAttributes } from './span-plan.js';

export function runAttributes(run: RunSummary, github: GitHubContext, runId: string | null): SpanAttributes {
  const out: SpanAttributes = {
    'training.experiment': cut(run.experiment),
    'training.run': cut(run.name),
    'training.steps.first': run.steps.first,
    'training.steps.last': run.steps.last,
    'training.steps.count': run.steps.count,
    'training.truncated': run.truncated,
  };
  const fingerprint = Object.entries(run.fingerprint)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  if (fingerprint) out['training.fingerprint'] = cut(fingerprint);
  if (run.ranks) {
    out['training.ranks'] = run.ranks.ranks.length;
    if (run.ranks.straggler) out['training.ranks.straggler'] = run.ranks.straggler.rank;
  }
  if (run.steps.expected !== undefined) out['training.steps.expected'] = run.steps.expected;
  if (runId) out['training.run.id'] = cut(runId);
  return { ...out, ...ciAttributes(github) };
}

/** The commit and the CI run, as the cicd and vcs conventions name them. */
export function ciAttributes(github: GitHubContext): SpanAttributes {
  const out: SpanAttributes = {};
  if (github.sha) out['vcs.ref.head.revision'] = github.sha;
  if (github.ref) out['vcs.ref.head.name'] = cut(github.ref.replace(/^refs\/(heads|tags)\//, ''));
  if (github.repository) out['vcs.repository.url.full'] = cut(`${github.serverUrl}/${github.repository}`);
  if (github.workflow) out['cicd.pipeline.name'] = cut(github.workflow);
  if (github.runId) out['cicd.pipeline.run.id'] = github.runId;
  if (github.prNumber) out['vcs.change.id'] = String(github.prNumber);
  return out;
}
