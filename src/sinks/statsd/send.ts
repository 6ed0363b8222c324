/**
 * The StatsD sink: hot-shots with batching (maxBufferSize), an awaited close() so nothing buffered is
 * lost at exit, and Datadog-only line extensions off unless the datadog flavor asks for them.
 * A send error is a warning, never a verdict.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import hotShots, { type ClientOptions, type StatsD as StatsDClient } from 'hot-shots';
import { formatTags } from 'hot-shots/lib/helpers.js';
import { type SinkBudget, withinBudget } from '../budget.js';
import { metricNameTooLong } from '../../naming.js';
import { formatValue, type StatsdMetric } from './metrics.js';

// hot-shots is CommonJS (`module.exports = Client`); type checkers disagree on what its default import is.
const StatsD = hotShots as unknown as new (options: ClientOptions) => StatsDClient;

export interface StatsdTarget {
  host: string;
  port: number;
  flavor: 'plain' | 'datadog';
  maxBufferSize: number;
  /** Print the lines instead of sending. */
  dryRun: boolean;
  /** The name lookup and the close (flush) end by its deadline; omitted, they are bounded by hot-shots only. */
  budget?: SinkBudget;
}

export interface StatsdReport {
  target: string;
  dryRun: boolean;
  /** StatsD lines written (a negative gauge is two lines: reset to 0, then the value). */
  lines: number;
  /** Lines not sent because they alone exceed a datagram (max-buffer-size) or their name is too long, once per name. */
  oversized: string[];
  /** UDP datagrams handed to the socket (0 in a dry run). */
  datagrams: number;
  bytes: number;
  errors: string[];
  /** The lines themselves in a dry run. */
  printed: string[];
}

export async function sendStatsd(metrics: StatsdMetric[], target: StatsdTarget): Promise<StatsdReport> {
  const report: StatsdReport = {
    target: `${target.host}:${target.port}`,
    dryRun: target.dryRun,
    lines: 0,
    oversized: [],
    datagrams: 0,
    bytes: 0,
    errors: [],
    printed: [],
  };
  const datadog = target.flavor === 'datadog';
  // Resolve the host once: a DNS lookup per send could still be in flight when close() stops waiting.
  let host = target.host;
  if (!target.dryRun && !isIP(host)) {
    const resolved = await resolveHost(host, target.budget);
    if ('error' in resolved) {
      report.errors.push(`cannot resolve ${target.host}: ${resolved.error}`);
      return report;
    }
    host = resolved.address;
  }
  const client = new StatsD({
    host,
    port: target.port,
    protocol: 'udp',
    maxBufferSize: target.maxBufferSize,
    // Explicit either way: any DD_* variable would otherwise switch Datadog extensions on.
    datadog,
    includeDataDogTags: datadog,
    includeDatadogTelemetry: false,
    originDetection: false,
    mock: target.dryRun,
    // close() polls for sends in flight and then waits one more tick; 2 ms ticks instead of 50 ms keep a
    // short CLI run short. A UDP send completes when the kernel takes the datagram (microseconds, the
    // host is resolved up front), and the drain still waits up to 11 ticks before giving up.
    closingFlushInterval: 2,
    errorHandler: (err: Error) => {
      if (report.errors.length < 5) report.errors.push(err.message);
    },
  });
  if (!target.dryRun) countDatagrams(client, report);
  sendLines(client, metrics, report, target.maxBufferSize > 0 ? target.maxBufferSize : MAX_UDP_PAYLOAD);
  const closed = new Promise<boolean>((resolve) => {
    client.close((err?: Error) => {
      if (err && report.errors.length < 5) report.errors.push(err.message);
      resolve(true);
    });
  });
  if (!(await (target.budget ? withinBudget(target.budget, closed, false) : closed)))
    report.errors.push(
      `close did not finish within the ${target.budget!.ms / 1000} s sink-timeout; lines still buffered were abandoned`,
    );
  if (target.dryRun) report.printed = [...(client.mockBuffer ?? [])];
  return report;
}

/** The host's address, looked up once; a lookup that outlasts the sink budget is given up. */
async function resolveHost(
  host: string,
  budget: SinkBudget | undefined,
): Promise<{ address: string } | { error: string }> {
  const looked = lookup(host).then(
    (r) => ({ address: r.address }),
    (e: NodeJS.ErrnoException) => ({ error: e.code ?? String(e) }),
  );
  if (!budget) return looked;
  return withinBudget(budget, looked, { error: `no answer within the ${budget.ms / 1000} s sink-timeout` });
}

/** Hand every metric's line(s) to the client, which batches them into datagrams. */
function sendLines(client: StatsDClient, metrics: StatsdMetric[], report: StatsdReport, maxBytes: number): void {
  // hot-shots' typed methods sample client-side (dropping values at random) when given a rate; our
  // window values are already the sample, so they go through its untyped send(message, tags), which
  // adds tags and batching and nothing else.
  const raw = client as unknown as RawClient;
  const send = raw.send.bind(client);
  // For each line hot-shots merges the client's global tags with the line's (overrideTags), which for a
  // client without global tags comes to the line's tags through its own formatTags, joined after the
  // tag prefix. Metrics of one window or run share one tags object, so that is done here once per object
  // instead of once per line; a client with global tags (the datadog flavor's DD_* tags) still merges.
  const merge = raw.globalTags.length > 0;
  const tagging = new Map<Record<string, string>, string[] | string>();
  for (const m of metrics) {
    let tags = tagging.get(m.tags);
    if (tags === undefined) {
      const list = Object.entries(m.tags).map(([k, v]) => `${k}:${v}`);
      tags = merge ? list : list.length ? `|${raw.tagPrefix}${formatTags(list).join(raw.tagSeparator)}` : '';
      tagging.set(m.tags, tags);
    }
    const line = (message: string) => (typeof tags === 'string' ? send(message + tags) : send(message, tags));
    const tooLong = metricNameTooLong(m.name);
    if (tooLong !== null) {
      if (!report.oversized.includes(tooLong)) report.oversized.push(tooLong);
      continue;
    }
    const value = formatValue(m);
    if (lineBytes(value, tags) > maxBytes) {
      refuseOversized(report, m.name, maxBytes);
      continue;
    }
    // A leading sign makes a gauge relative: reset to 0 so a negative value lands as itself.
    if (m.type === 'g' && m.value < 0) {
      line(`${m.name}:0|g`);
      report.lines += 1;
    }
    line(value);
    report.lines += 1;
  }
}

/** The largest UDP payload over IPv4: the bound when lines are not batched (max-buffer-size 0). */
const MAX_UDP_PAYLOAD = 65_507;

/** Bytes of a line on the wire; with global tags to merge, the line's own tags counted as `|#k:v,…`. */
function lineBytes(message: string, tags: string[] | string): number {
  const tagText = typeof tags === 'string' ? tags : tags.length ? `|#${tags.join(',')}` : '';
  return Buffer.byteLength(message) + Buffer.byteLength(tagText);
}

/** A line that alone would exceed a datagram cannot be sent whole: left out, named once per metric. */
function refuseOversized(report: StatsdReport, name: string, maxBytes: number): void {
  const shown = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  const text = `a line of ${shown} exceeds max-buffer-size (${maxBytes} bytes) and was not sent`;
  if (!report.oversized.includes(text)) report.oversized.push(text);
}

/** hot-shots reports no datagram count; count what reaches its transport. */
function countDatagrams(client: StatsDClient, report: StatsdReport): void {
  const transport = (client as unknown as { socket?: { send(buf: Buffer, cb: (err?: Error) => void): void } }).socket;
  if (!transport) return;
  const send = transport.send.bind(transport);
  transport.send = (buf, cb) => {
    report.datagrams += 1;
    report.bytes += buf.length;
    send(buf, cb);
  };
}

/** hot-shots' line-level send and the fields it formats tags with (public in its source, not in its types). */
interface RawClient {
  send(message: string, tags?: string[]): void;
  globalTags: string[];
  tagPrefix: string;
  tagSeparator: string;
}
