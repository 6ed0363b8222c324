/** The report stage: verdicts and summaries → Markdown, HTML, annotations, job summary, PR comment. */
export {
  reportInput,
  type LossBandPoint,
  type ReportInput,
  type ReportSources,
  type RunReport,
} from './report-input.js';
export { renderMarkdown, type Detail, type MarkdownOptions } from './render/markdown.js';
export { renderMarkdownWithin, COMMENT_MAX_CHARS, SUMMARY_MAX_BYTES } from './render/markdown-within-limit.js';
export { renderHtml } from './render/html.js';
export { annotate, type AnnotationSink, type AnnotationProps } from './publish/annotations.js';
export { summaryMarkdown, writeJobSummary, type SummaryWriter } from './publish/job-summary.js';
export { writeReportFiles } from './publish/report-files.js';
export {
  commentBody,
  commentGroup,
  commentMarker,
  upsertComment,
  type CommentMode,
  type CommentOutcome,
  type CommentRequest,
} from './publish/pr-comment.js';
export { publishReport, type PublishDeps, type PublishOptions, type PublishResult } from './publish/publish.js';
export { lossBandFromCurves } from './render/loss-band.js';
