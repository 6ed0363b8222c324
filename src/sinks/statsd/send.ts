/**
 * The StatsD sink: hot-shots with batching (maxBufferSize), an awaited drain and close() so nothing
 * buffered is lost at exit, and Datadog-only line extensions off unless the datadog flavor asks for them.
 * The socket is ours (transport.ts), so the report says what each write did: the lines handed to it, and
 * `partial` or `failed` where that is not all of them. Over UDP and Unix datagrams the lines are paced
 * (pacer.ts); over TCP the connection's flow control does that. The tags taken from `DD_*` variables are
 * chosen here (env-tags.ts), not by hot-shots. A send or connection error is a warning, never a verdict.
 */
import type { ProgressSink, ProgressTask } from '../../progress/index.js';
import { isIP } from 'node:net';
import type { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import hotShots, { type ClientOptions, type StatsD as StatsDClient } from 'hot-shots';
import { formatTags } from 'hot-shots/lib/helpers.js';
import { lookupBy } from '../../http/bounded-lookup.js';
import { type SinkBudget, withinBudget } from '../budget.js';
import { metricNameTooLong } from '../../naming.js';
import { defaultEnvTagLevel, envTags, type EnvTagLevel } from './env-tags.js';
import { formatValue, type StatsdMetric } from './metrics.js';
import { Pacer } from './pacer.js';
import { type OpenedProtocol, openStatsdTransport, type StatsdProtocol, transportFailure } from './transport.js';

// hot-shots is CommonJS (`module.exports = Client`); type checkers disagree on what its default import is.
const StatsD = hotShots as unknown as new (options: ClientOptions) => StatsDClient;

export type { StatsdProtocol } from './transport.js';

export interface StatsdTarget {
  /** A host name or address; with `uds`, the socket's path. */
  host: string;
  port: number;
  /** auto (TCP where the target accepts it, else UDP), udp (default here), tcp, uds (a local Datadog Agent). */
  protocol?: StatsdProtocol;
  flavor: 'plain' | 'datadog';
  maxBufferSize: number;
  /** Bytes handed to a datagram socket per millisecond on average (0: unpaced); TCP is never paced. */
  maxBytesPerMs?: number;
  /** Tags from `DD_*` variables (env-tags.ts); omitted, the flavor's default. */
  envTags?: EnvTagLevel;
  /** The variables to read them from (the process's own when omitted). */
  env?: Record<string, string | undefined>;
  /** Print the lines instead of sending. */
  dryRun: boolean;
  /** The name lookup and the close (flush) end by its deadline; omitted, they are bounded by hot-shots only. */
  budget?: SinkBudget;
  /** Where sending many lines (paced, a large batch) tells how far it is. */
  progress?: ProgressSink;
}

export interface StatsdReport {
  target: string;
  /** The protocol the lines went over (`auto` resolved to tcp or udp). */
  protocol: OpenedProtocol;
  /**
   * What happened to the lines: `written`, every line handed to a TCP connection or a local Unix socket
   * without an error; `unconfirmed`, every UDP datagram handed to the kernel, which a receiver may still
   * drop unseen; `partial`, some lines not handed over (an error part-way); `failed`, none handed over, no
   * connection, or the UDP port refused them; `none`, a dry run.
   */
  delivery: 'unconfirmed' | 'written' | 'partial' | 'failed' | 'none';
  dryRun: boolean;
  /** StatsD lines given to the client (a negative gauge is two lines: reset to 0, then the value). */
  lines: number;
  /** Of those, the lines in writes the socket took without an error. */
  linesHanded: number;
  /** Lines not sent because they alone exceed a datagram (max-buffer-size) or their name is too long, once per name. */
  oversized: string[];
  /** Datagrams (TCP: writes) handed to the socket (0 in a dry run). */
  datagrams: number;
  bytes: number;
  /** Bytes per millisecond the sends were paced to (0: unpaced), and the time from the first line to the close. */
  pacedBytesPerMs: number;
  sendMs: number;
  errors: string[];
  /** The lines themselves in a dry run. */
  printed: string[];
}

export async function sendStatsd(metrics: StatsdMetric[], target: StatsdTarget): Promise<StatsdReport> {
  const asked = target.protocol ?? 'udp';
  const report: StatsdReport = {
    target: asked === 'uds' ? target.host : `${target.host}:${target.port}`,
    protocol: asked === 'auto' ? 'udp' : asked,
    delivery: 'none',
    dryRun: target.dryRun,
    lines: 0,
    linesHanded: 0,
    oversized: [],
    datagrams: 0,
    bytes: 0,
    pacedBytesPerMs: 0,
    sendMs: 0,
    errors: [],
    printed: [],
  };
  const opened = target.dryRun ? null : await openTransport(target, asked, report);
  if (!target.dryRun && !opened) {
    report.delivery = 'failed';
    return report;
  }
  const protocol = report.protocol;
  const paced = protocol !== 'tcp' && !target.dryRun ? Math.max(0, target.maxBytesPerMs ?? 0) : 0;
  report.pacedBytesPerMs = paced;
  const datadog = target.flavor === 'datadog';
  // Unix datagrams are at most 8 KiB for the Agent (hot-shots' own cap for uds).
  const maxBufferSize = protocol === 'uds' ? Math.min(target.maxBufferSize, 8192) : target.maxBufferSize;
  const client = new StatsD({
    ...(opened ? { protocol: 'stream' as const, stream: opened } : {}),
    port: target.port,
    maxBufferSize,
    // Explicit either way: any DD_* variable would otherwise switch Datadog extensions and tags on.
    datadog,
    includeDataDogTags: false,
    globalTags: envTags(target.env ?? process.env, target.envTags ?? defaultEnvTagLevel(target.flavor)),
    includeDatadogTelemetry: false,
    originDetection: false,
    mock: target.dryRun,
    // close() polls for sends in flight and then waits one more tick; 2 ms ticks instead of 50 ms keep a
    // short CLI run short. The sink drains every send itself before it closes (drain below).
    closingFlushInterval: 2,
    errorHandler: (err: Error & { code?: string }) => {
      // A writer that ended early fails every write after it; why it ended is reported once, below.
      if (err.code === 'ERR_STREAM_DESTROYED' || (opened && transportFailure(opened))) return;
      // One refused connection fails every write after it: each distinct message once, five at most.
      const text = err.message.replace(/^Error sending hot-shots message: (Error(\s\[\w+\])?: )?/, '');
      if (report.errors.length < 5 && !report.errors.includes(text)) report.errors.push(text);
    },
  });
  if (!target.dryRun) countDatagrams(client, report);
  const started = performance.now();
  const bound = maxBufferSize > 0 ? maxBufferSize : MAX_UDP_PAYLOAD;
  // A burst of at most 8 ms of the rate (and at least one datagram): a timer that fires a little late
  // costs no throughput, and one that fires much later does not turn into a larger burst.
  const pacer = new Pacer(paced, Math.max(8 * paced, bound));
  const task = target.dryRun
    ? undefined
    : target.progress?.task(`sending to StatsD ${report.target}`, metrics.length, 'lines');
  await sendLines(client, metrics, report, bound, pacer, target.budget, task);
  const closed = drainAndClose(client, report, protocol === 'udp' ? REFUSAL_WAIT_MS : 0);
  task?.end();
  if (!(await (target.budget ? withinBudget(target.budget, closed, false) : closed))) {
    // A peer that accepts and never reads holds the writes in flight, and they the process: the socket goes.
    destroyTransport(client);
    report.errors.push(
      `close did not finish within the ${target.budget!.ms / 1000} s sink-timeout; lines still buffered were abandoned`,
    );
  }
  report.sendMs = Math.round(performance.now() - started);
  if (target.dryRun) report.printed = [...(client.mockBuffer ?? [])];
  else settleDelivery(report, opened ? transportFailure(opened) : null);
  return report;
}

/** Delivery as it happened, and a warning (an error of the sink) for every line that was not handed over. */
function settleDelivery(report: StatsdReport, failure: string | null): void {
  const missing = report.lines - report.linesHanded;
  if (failure && report.errors.length < 5) report.errors.push(failure);
  if (failure && report.protocol === 'udp') report.delivery = 'failed';
  else if (report.lines > 0 && report.linesHanded === 0) report.delivery = 'failed';
  else if (missing > 0) report.delivery = 'partial';
  else report.delivery = report.protocol === 'udp' ? 'unconfirmed' : 'written';
  if (missing > 0)
    report.errors.push(`${missing} of ${report.lines} lines were not handed to the ${report.protocol} socket`);
  else if (failure && report.protocol === 'udp')
    report.errors.push(`the ${report.lines} lines handed to the socket may all be lost`);
}

/**
 * A refusal of the last datagrams comes back as an ICMP message after they are sent: the socket stays
 * open this long after the drain, so it is seen (the error is queued before a timer of this length fires).
 */
const REFUSAL_WAIT_MS = 20;

/** The socket for the protocol (report.protocol set to the one opened), or null with the reason in the report. */
async function openTransport(
  target: StatsdTarget,
  protocol: StatsdProtocol,
  report: StatsdReport,
): Promise<Writable | null> {
  // Resolve the host once: a DNS lookup per send could still be in flight when close() stops waiting.
  let address = target.host;
  if (protocol !== 'uds' && !isIP(target.host)) {
    const resolved = await resolveHost(target.host, target.budget);
    if ('error' in resolved) {
      report.errors.push(`cannot resolve ${target.host}: ${resolved.error}`);
      return null;
    }
    address = resolved.address;
  }
  const deadline = target.budget?.deadline ?? Date.now() + DEFAULT_LOOKUP_MS;
  const opened = await openStatsdTransport(address, target.port, protocol, target.flavor, deadline);
  if ('error' in opened) {
    report.errors.push(opened.error);
    return null;
  }
  report.protocol = opened.protocol;
  return opened.stream;
}

/**
 * Flush what is buffered, wait until every send has completed (a TCP write is handed to the kernel, a
 * datagram taken), then close. hot-shots' close() alone gives in-flight sends 11 short ticks.
 */
function drainAndClose(client: StatsDClient, report: StatsdReport, lingerMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    client.flush(async () => {
      if (lingerMs > 0) await sleep(lingerMs);
      // A socket that an error already tore down (a refused TCP connection) never reports its close:
      // once everything has drained, the close is only teardown and is not waited for past CLOSE_WAIT_MS.
      const gaveUp = setTimeout(() => resolve(true), CLOSE_WAIT_MS);
      client.close((err?: Error) => {
        if (err && report.errors.length < 5) report.errors.push(err.message);
        clearTimeout(gaveUp);
        resolve(true);
      });
    });
  });
}

/** Tear the connection down now: hot-shots' transport close() destroys a TCP socket (a datagram one closes). */
function destroyTransport(client: StatsDClient): void {
  const transport = (client as unknown as { socket?: { close(): void } }).socket;
  try {
    transport?.close();
  } catch {
    // already closed
  }
}

/** hot-shots' close: 11 ticks of closingFlushInterval for sends in flight, then the socket's own close. */
const CLOSE_WAIT_MS = 250;

/**
 * The host's address, looked up once, in a child process that is given up (killed) at the sink
 * deadline: an abandoned lookup in this process would hold it until the resolver gives up.
 */
async function resolveHost(
  host: string,
  budget: SinkBudget | undefined,
): Promise<{ address: string } | { error: string }> {
  const deadline = budget?.deadline ?? Date.now() + DEFAULT_LOOKUP_MS;
  const r = await lookupBy(host, deadline);
  if ('error' in r)
    return {
      error: r.error === 'no answer' && budget ? `no answer within the ${budget.ms / 1000} s sink-timeout` : r.error,
    };
  // The first answer, as dns.lookup gives it (hot-shots picks udp4 or udp6 from the address).
  return { address: r.addresses[0]!.address };
}

/** A lookup without a sink budget (a direct call) still ends. */
const DEFAULT_LOOKUP_MS = 30_000;

/** Hand every metric's line(s) to the client, which batches them into datagrams, as fast as the pacer allows. */
async function sendLines(
  client: StatsDClient,
  metrics: StatsdMetric[],
  report: StatsdReport,
  maxBytes: number,
  pacer: Pacer,
  budget: SinkBudget | undefined,
  task?: ProgressTask,
): Promise<void> {
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
  for (const [i, m] of metrics.entries()) {
    task?.add(1);
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
    const bytes = lineBytes(value, tags);
    if (bytes > maxBytes) {
      refuseOversized(report, m.name, maxBytes);
      continue;
    }
    // A leading sign makes a gauge relative: reset to 0 so a negative value lands as itself.
    const reset = m.type === 'g' && m.value < 0;
    const wait = pacer.take(reset ? 2 * bytes + 2 : bytes + 1);
    if (wait) {
      // Paced sends count against the sinks' one budget like any other wait.
      if (budget && Date.now() >= budget.deadline) {
        report.errors.push(
          `the ${budget.ms / 1000} s sink-timeout ran out while sending; ${metrics.length - i} of ${metrics.length} metrics were not sent`,
        );
        return;
      }
      await wait;
    }
    if (reset) {
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

/** hot-shots reports no datagram count; count what reaches its transport, and the lines it took. */
function countDatagrams(client: StatsDClient, report: StatsdReport): void {
  const transport = (client as unknown as { socket?: { send(buf: Buffer, cb?: (err?: Error) => void): void } }).socket;
  if (!transport) return;
  const send = transport.send.bind(transport);
  transport.send = (buf, cb) => {
    report.datagrams += 1;
    report.bytes += buf.length;
    send(buf, (err) => {
      if (!err) report.linesHanded += linesIn(buf);
      cb?.(err);
    });
  };
}

/** Lines in one of hot-shots' writes: lines joined by newlines (a trailing one ends the last, if there). */
function linesIn(buf: Buffer | string): number {
  return String(buf).replace(/\n$/, '').split('\n').length;
}

/** hot-shots' line-level send and the fields it formats tags with (public in its source, not in its types). */
interface RawClient {
  send(message: string, tags?: string[]): void;
  globalTags: string[];
  tagPrefix: string;
  tagSeparator: string;
}
