/**
 * Pushgateway sink: each experiment's run-level results are PUT as one group
 * (`/metrics/job/<job>/experiment/<experiment>`) with prom-client's Pushgateway and a Registry of its own,
 * so nothing else registered in the process leaks into the push. An outage is retried with backoff within
 * one time budget for all groups (http/retry.ts), the groups after a failed one are not tried, and all of it is
 * reported as warnings: a sink never changes the verdict.
 */
import { Gauge, Pushgateway, Registry } from 'prom-client';
import type { GateResult, RunSummary } from '../../model.js';
import { checkPushgatewayUrl, redactUrl } from './pushgateway-url.js';
import { toPrometheusSamples, type PrometheusSamplesOptions, type PushGroup } from './samples.js';
import { DEFAULT_SINK_TIMEOUT_SECONDS } from '../budget.js';
import { boundedLookup } from '../../http/bounded-lookup.js';
import { defaultRetryDeps, retryable, withRetry, type RetryDeps } from '../../http/retry.js';
import { ownValue, plainRecord } from '../../own-keys.js';

/** What the push did, for the run's JSON account and the job summary. */
export interface PushgatewayReport {
  sink: 'pushgateway';
  /** The Pushgateway URL, credentials removed. */
  target: string;
  /** True when every group was accepted. */
  ok: boolean;
  /** Samples accepted. */
  sent: number;
  /** Requests made, retries included. */
  attempts: number;
  /** One line per problem (dropped labels, failed pushes), already phrased for a warning; never changes the verdict. */
  warnings: string[];
  /** Tags left out as unique ids, with why. */
  refused: string[];
}

export interface PushgatewayOptions extends PrometheusSamplesOptions {
  /** Retries after the first attempt for a network error, 429 or 5xx (default 3). */
  retries?: number;
  /** First backoff delay; doubled after each retry, with jitter (default 500 ms). */
  backoffMs?: number;
  /** Per-request timeout (default 10 s). */
  timeoutMs?: number;
  /** Time for all groups' requests together, waits included (default 30 s, `sink-timeout`). */
  budgetMs?: number;
  /** Ms since the epoch by which every request ends (default: now + budgetMs); shared with the other sinks. */
  deadline?: number;
  /** Clock, sleep and jitter, for tests. */
  deps?: Partial<RetryDeps>;
}

/**
 * Grouping labels in the form prom-client can carry. It percent-encodes values and then resolves the path
 * as a URL, so `.` and `..` are taken as path steps (`..` would push to the job-level group), and the
 * Pushgateway decodes `%2F` back into a separator (400 "odd number of components"). Any value but a plain
 * word is therefore sent as `<label>@base64/<base64url>`, the Pushgateway's own escape (`=` for empty).
 */
export function encodeGrouping(grouping: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [label, value] of Object.entries(grouping)) {
    if (value === '') out[`${label}@base64`] = '=';
    else if (PLAIN_SEGMENT.test(value) && !ONLY_DOTS.test(value)) out[label] = value;
    else out[`${label}@base64`] = Buffer.from(value, 'utf8').toString('base64url');
  }
  return out;
}

/** Characters a URL path segment carries as themselves (RFC 3986 unreserved). */
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]+$/;
/** `.` and `..` (and longer runs, for good measure) would be read as path steps. */
const ONLY_DOTS = /^\.+$/;

/** A prom-client Registry holding one group's gauges. */
export function registryFor(group: PushGroup): Registry {
  const registry = new Registry();
  for (const family of group.families) {
    const gauge = new Gauge({
      name: family.name,
      help: family.help,
      labelNames: family.labelNames,
      registers: [registry],
    });
    for (const sample of family.samples) {
      const labels = plainRecord<string>();
      for (const name of family.labelNames) labels[name] = ownValue(sample.labels, name) ?? '';
      gauge.set(labels, sample.value);
    }
  }
  return registry;
}

/** HTTP status in prom-client's error text (`push failed with status 503, ...`), or null for a network error. */
function statusOf(error: unknown): number | null {
  const m = /status (\d{3})/.exec(error instanceof Error ? error.message : String(error));
  return m ? Number(m[1]) : null;
}

/** One line of an error, credentials removed. */
function describe(error: unknown, url: string): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  const u = (() => {
    try {
      return new URL(url);
    } catch {
      return null;
    }
  })();
  return u?.password ? text.split(u.password).join('***') : text;
}

/**
 * Push each experiment's run-level results to the Pushgateway at `url` (PUT: the group is replaced).
 * Never throws for an outage: failures end up in the report's warnings with `ok: false`.
 * Throws InputError for a malformed URL.
 */
export async function pushRunResults(
  url: string,
  summaries: RunSummary[],
  gate: GateResult[] | null,
  options: PushgatewayOptions,
): Promise<PushgatewayReport> {
  checkPushgatewayUrl(url);
  const { groups, warnings, refused } = toPrometheusSamples(summaries, gate, options);
  const report: PushgatewayReport = {
    sink: 'pushgateway',
    target: redactUrl(url),
    ok: true,
    sent: 0,
    attempts: 0,
    warnings,
    refused,
  };
  const policy = {
    maxAttempts: (options.retries ?? 3) + 1,
    baseDelayMs: options.backoffMs ?? 500,
    maxDelayMs: 8_000,
    timeoutMs: options.timeoutMs ?? 10_000,
    budgetMs: options.budgetMs ?? DEFAULT_SINK_TIMEOUT_SECONDS * 1000,
  };
  const deps = { ...defaultRetryDeps(), ...options.deps };
  const deadline = options.deadline ?? deps.now() + policy.budgetMs;
  for (const [i, group] of groups.entries()) {
    const registry = registryFor(group);
    const samples = group.families.reduce((n, f) => n + f.samples.length, 0);
    const where = `job=${group.job} ${Object.entries(group.grouping)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`;
    const outcome = await withRetry(
      async (timeout) => {
        try {
          await new Pushgateway(url, { timeout, lookup: boundedLookup(deadline) }, registry).push({
            jobName: group.job,
            groupings: encodeGrouping(group.grouping),
          });
          return { ok: true, status: 200 };
        } catch (error) {
          return { ok: false, status: statusOf(error), error: describe(error, url) };
        }
      },
      policy,
      deps,
      deadline,
    );
    report.attempts += outcome.attempts;
    if (outcome.ok) {
      report.sent += samples;
      continue;
    }
    report.ok = false;
    const tries = outcome.attempts;
    report.warnings.push(
      `pushgateway: push of ${where} to ${report.target} failed after ${tries} attempt${tries === 1 ? '' : 's'}: ${outcome.error}`,
    );
    // A Pushgateway still down after the retries will not be up for the next group; a refused group
    // (400: a bad label) says nothing about the others.
    if (retryable(outcome.status) && i < groups.length - 1) {
      report.warnings.push(
        `pushgateway: the remaining ${groups.length - i - 1} group(s) not pushed after that failure`,
      );
      break;
    }
  }
  return report;
}
