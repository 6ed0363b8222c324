/**
 * The Datadog API sink: run-level gauges and sampled loss points to `POST /api/v2/series`.
 * An outage or a refusal is reported as warnings and never throws; the API key appears in no text it returns.
 */
import type { GateResult, RunSummary } from '../../model.js';
import type { GitHubContext } from '../../options.js';
import { DEFAULT_SINK_TIMEOUT_SECONDS } from '../budget.js';
import { redactSecrets } from '../../http/redact.js';
import { defaultHttpDeps, requestWithRetry, type HttpDeps } from '../../http/request.js';
import type { RetryPolicy } from '../../http/retry.js';
import { DATADOG_MAX_PAYLOAD_BYTES, seriesPayloads, type SeriesBody } from './payload.js';
import { toDatadogSeries, type DatadogSeriesOptions } from './series.js';
import { datadogSeriesUrl } from './target.js';

/** What a sink did, for the engine to print (info/warn) and to put into the JSON account. */
export interface SinkReport {
  sink: 'datadog';
  /** True when every payload was accepted. */
  ok: boolean;
  /** Series and points accepted by the API. */
  series: number;
  points: number;
  /** Request bodies sent / accepted. */
  payloads: number;
  accepted: number;
  /** Things a user should know but that are not problems (printed once as info). */
  notes: string[];
  /** Problems (printed as warnings; they never change the verdict). */
  warnings: string[];
  /** Tags left out as unique ids, with why. */
  refused: string[];
}

export interface DatadogSinkOptions {
  /** API base (`https://api.datadoghq.eu`) or the full `/api/v2/series` URL. */
  url: string;
  apiKey: string;
  prefix: string;
  /** The user's tags (`--tags`), on every series. */
  tags: Record<string, string>;
  /** Adds workflow_name, event and branch_type as the StatsD route does; without it `tags` must carry them. */
  github?: GitHubContext;
  allowIdTags?: boolean;
  /** Submission time in ms since the epoch (default: the time of the call). */
  now?: number;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  /** For tests: replace waiting, clock and jitter. */
  deps?: Partial<Omit<HttpDeps, 'fetch'>>;
  maxPayloadBytes?: number;
  /** gzip the bodies (default true): one request where plain JSON needs ten. */
  compress?: boolean;
  /** Ms since the epoch by which every request ends (default: now + the policy's budget); shared with the other sinks. */
  deadline?: number;
  /** GPU and cost gauges per run (see DatadogSeriesOptions). */
  extraGauges?: DatadogSeriesOptions['extraGauges'];
}

/**
 * 429 and 5xx (and network failures) are retried up to 5 attempts, honouring `Retry-After`; all requests of
 * one call share the sink budget (`sink-timeout`, default 30 s), waits included.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  timeoutMs: 30_000,
  budgetMs: DEFAULT_SINK_TIMEOUT_SECONDS * 1000,
};

/** Build, split and send; resolves to a report and never rejects. */
export async function sendToDatadog(
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: DatadogSinkOptions,
): Promise<SinkReport> {
  const report: SinkReport = {
    sink: 'datadog',
    ok: true,
    series: 0,
    points: 0,
    payloads: 0,
    accepted: 0,
    notes: [],
    warnings: [],
    refused: [],
  };
  const warn = (text: string): void => void report.warnings.push(redactSecrets(text, [options.apiKey]));
  try {
    const bodies = buildBodies(summaries, gate, options, report, warn);
    if (bodies) await postBodies(bodies, options, report, warn);
  } catch (e) {
    report.ok = false;
    warn(`Datadog: ${e instanceof Error ? e.message : String(e)}`);
  }
  return report;
}

/** The series of the runs packed into request bodies (null: nothing to send); what was left out goes into the report. */
function buildBodies(
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: DatadogSinkOptions,
  report: SinkReport,
  warn: (text: string) => void,
): SeriesBody[] | null {
  const now = options.now ?? Date.now();
  const built = toDatadogSeries(summaries, gate, {
    prefix: options.prefix,
    tags: options.tags,
    github: options.github,
    now,
    allowIdTags: options.allowIdTags,
    ...(options.extraGauges ? { extraGauges: options.extraGauges } : {}),
  });
  report.refused = built.refused;
  for (const why of built.tooLong) warn(`Datadog: ${why}`);
  if (built.skipped.length) {
    warn(
      `Datadog: ${built.skipped.length} value(s) not sent because they are NaN or infinite: ${built.skipped.slice(0, 5).join(', ')}${built.skipped.length > 5 ? ', …' : ''}`,
    );
  }
  if (!built.series.length) {
    report.notes.push('Datadog: nothing to send');
    return null;
  }
  report.notes.push(
    `Datadog: ${built.series.length} series stamped with the submission time ${new Date(Math.floor(now / 1000) * 1000).toISOString()} ` +
      '(the API refuses points over 1 hour old or 10 minutes ahead); loss samples are told apart by their step:N tag',
  );
  const { bodies, oversized } = seriesPayloads(built.series, {
    compress: options.compress ?? true,
    maxBytes: options.maxPayloadBytes ?? DATADOG_MAX_PAYLOAD_BYTES,
  });
  for (const s of oversized) warn(`Datadog: series ${s.metric} alone exceeds the payload limit; not sent`);
  if (oversized.length) report.ok = false;
  return bodies;
}

/** POST the bodies in turn within one time budget, stopping at the first failure that would repeat. */
async function postBodies(
  bodies: SeriesBody[],
  options: DatadogSinkOptions,
  report: SinkReport,
  warn: (text: string) => void,
): Promise<void> {
  const compress = options.compress ?? true;
  const url = datadogSeriesUrl(options.url);
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const deps: HttpDeps = {
    ...defaultHttpDeps(),
    ...options.deps,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'DD-API-KEY': options.apiKey,
  };
  if (compress) headers['Content-Encoding'] = 'gzip';

  const deadline = options.deadline ?? deps.now() + policy.budgetMs;
  for (const [i, { json, gzip, count }] of bodies.entries()) {
    report.payloads++;
    const outcome = await requestWithRetry(
      url,
      { method: 'POST', headers, body: gzip ?? json },
      [options.apiKey],
      policy,
      deps,
      deadline,
    );
    if (outcome.ok) {
      report.accepted++;
      report.series += count;
      report.points += count; // one point per series (a run's value, stamped when sent)
      continue;
    }
    report.ok = false;
    const gaveUp = outcome.exhausted ? ` (gave up after ${outcome.attempts} attempts)` : '';
    warn(`Datadog: ${count} series not sent to ${url}: ${outcome.error ?? 'failed'}${gaveUp}${hint(outcome.status)}`);
    // Stop rather than repeat a failure: a refused key or a bad request fails the same way for every
    // payload, and an API still down after the retries will not be up for the next one. 413 is per payload.
    if (outcome.status !== 413 && i < bodies.length - 1) {
      const rest = bodies.slice(i + 1).reduce((n, b) => n + b.count, 0);
      warn(`Datadog: the remaining ${bodies.length - i - 1} payload(s) (${rest} series) not sent after that failure`);
      break;
    }
  }
  if (bodies.length > 1)
    report.notes.push(
      `Datadog: sent in ${bodies.length} payloads (each at most ${options.maxPayloadBytes ?? DATADOG_MAX_PAYLOAD_BYTES} bytes${compress ? ' gzip-compressed' : ''})`,
    );
}

function hint(status: number | null): string {
  if (status === 403) return ' (check the API key and that it belongs to the site in the URL / DD_SITE)';
  if (status === 413) return ' (payload too large)';
  return '';
}
