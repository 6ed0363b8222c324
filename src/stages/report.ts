/** The report: job summary, PR comment, annotations, Markdown and HTML files; the loss band from the history. */
import { matchingRuns } from '../store/index.js';
import type { HistoryFile } from '../store/index.js';
import type { GateResult } from '../model.js';
import { branchType, metricKey } from '../naming.js';
import { prRunsOf } from '../report/pr-runs.js';
import { gpuNotes } from '../gpu/notes.js';
import { lossBandFromCurves, publishReport, reportInput } from '../report/index.js';
import type { RunContext } from './run-context.js';
import type { JudgedRuns, ReportOutcome } from './run-result.js';

/** Where the report went; null when it could not be written (already reported). */
export async function publish(
  ctx: RunContext,
  { summaries, gate, gpu }: JudgedRuns,
  history: HistoryFile | null,
): Promise<ReportOutcome | null> {
  const { options, io, shell } = ctx;
  const pullRequest = branchType(options.github) === 'pr' ? options.github.prNumber : null;
  const input = reportInput({
    notes: (g) => [
      ...options.reportNotes,
      ...(gpu
        ? gpuNotes(
            gpu.runs.find((r) => r.run === g.name)?.gpu ?? null,
            gpu.costs.find((c) => c.run === g.name)?.cost ?? null,
          )
        : []),
    ],
    gate,
    summaries,
    github: options.github,
    ...(history && pullRequest ? { prRuns: (g: GateResult) => prRunsOf(g, history.runs, pullRequest) } : {}),
    lossBand: (g, s) => {
      const loss = s?.metrics.find((m) => m.class.kind === 'loss' && m.class.gate);
      if (!history || !loss) return undefined;
      const key = metricKey(loss.name);
      const { runs } = matchingRuns(history, g.experiment, g.fingerprint);
      const curves = runs.map((r) => r.metrics[key]?.samples ?? []);
      return { points: lossBandFromCurves(curves), lossMetric: loss.name };
    },
  });
  try {
    const published = await publishReport(
      input,
      {
        markdown: options.markdown,
        html: options.html,
        comment: options.comment,
        githubToken: options.githubToken,
        commentFile: options.commentFile,
        github: options.github,
        jobSummary: shell.jobSummary,
      },
      { io, ...(shell.annotations ? { annotations: shell.annotations } : {}) },
    );
    return {
      comment: published.comment.action,
      commentUrl: published.comment.url ?? null,
      html: published.files.html ?? null,
      markdown: published.files.markdown ?? null,
    };
  } catch (e) {
    ctx.recordError(e);
    return null;
  }
}
