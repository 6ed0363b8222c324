/** The report stage: verdicts and summaries → Markdown, HTML, annotations, job summary, PR comment. */
export type { LossBandPoint, ReportInput, RunReport } from './types.js';
export { renderMarkdown, type Detail, type MarkdownOptions } from './markdown.js';
export { renderMarkdownWithin, COMMENT_MAX_CHARS, SUMMARY_MAX_BYTES } from './fit.js';
export { renderHtml } from './html.js';
export { annotate, type AnnotationSink, type AnnotationProps } from './annotations.js';
export { summaryMarkdown, writeJobSummary, type SummaryWriter } from './summary.js';
export { writeReportFiles } from './files.js';
export {
  commentBody,
  commentGroup,
  commentMarker,
  upsertComment,
  type CommentMode,
  type CommentOutcome,
  type CommentRequest,
} from './github/comment.js';
export { publishReport, type PublishDeps, type PublishOptions, type PublishResult } from './publish.js';
export { reportInput, type ReportSources } from './input.js';
export { lossBandFromCurves } from './loss-band.js';
