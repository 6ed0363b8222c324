/**
 * Test-only loopback stand-in for Prometheus' statsd_exporter (no Debian package exists, so CI cannot run
 * the real one). It follows the exporter's documented behaviour, as v0.23.0's source implements it:
 *
 * - lines `name:value|type[|@rate][|#k:v,…]` over UDP and TCP on one loopback port (TCP: one per `\n`);
 * - `|ms` values ÷ 1000 (seconds), `|h`/`|d` as sent; a sampled `ms`/`h`/`d` line counts `int(1/rate)`
 *   observations (pkg/line), a gauge ignores the rate, a leading `+`/`-` is a relative gauge change;
 * - DogStatsD tags become labels (keys escaped), a mapping's labels override them;
 * - the mapping's rules (statsd-exporter-rules.ts): name, histogram buckets or summary; an unmapped name has
 *   every character outside `[a-zA-Z0-9_]` (so `.`) turned into `_`;
 * - /metrics in the text format: gauges, histograms (`_bucket{le}`, `_sum`, `_count`), summaries (quantiles
 *   0.5, 0.9, 0.99, here exact over every value, where the exporter keeps a 10-minute window).
 * A line of a name already registered with another type is counted as a conflict and dropped.
 * The exporter keeps one vector per name and label-name set, with the help of the rule that made it; a
 * family whose vectors carry two help texts makes client_golang refuse the whole scrape, so /metrics then
 * answers 500 with its message (seen on a real v0.23.0; one help with several label-name sets is 200).
 */
import { createSocket, type Socket } from 'node:dgram';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { ExporterMapper, escapeMetricName, type StatsdMetricType } from './statsd-exporter-rules.js';

const SUMMARY_QUANTILES = [0.5, 0.9, 0.99];

interface Series {
  labels: Record<string, string>;
  value: number;
  /** Histograms: counts per bucket bound (not cumulative); summaries: every value. */
  buckets?: number[];
  values?: number[];
  sum: number;
  count: number;
}

interface Family {
  type: 'gauge' | 'histogram' | 'summary';
  help: string;
  /** The help of each label-name set's vector, by the sorted label names. */
  helps: Map<string, string>;
  bounds: number[];
  series: Map<string, Series>;
}

/** What the stand-in counted, as the exporter's own statsd_exporter_* counters would show it. */
export interface StandInStats {
  lines: number;
  observations: number;
  unmapped: number;
  conflicts: number;
  malformed: number;
}

export class StatsdExporterStandIn {
  readonly stats: StandInStats = { lines: 0, observations: 0, unmapped: 0, conflicts: 0, malformed: 0 };
  private readonly families = new Map<string, Family>();
  private udp?: Socket;
  private tcp?: TcpServer;
  private http?: HttpServer;
  statsdPort = 0;
  metricsUrl = '';

  constructor(private readonly mapper: ExporterMapper) {}

  /** Listen for StatsD on UDP and TCP (one port) and serve /metrics, all on 127.0.0.1. */
  async start(): Promise<this> {
    this.tcp = createTcpServer((socket) => {
      let pending = '';
      socket.on('data', (d: Buffer) => {
        const lines = (pending + d.toString('utf8')).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.handleLine(line);
      });
      socket.on('end', () => pending && this.handleLine(pending));
    });
    await new Promise<void>((resolve) => this.tcp!.listen(0, '127.0.0.1', resolve));
    this.statsdPort = (this.tcp.address() as { port: number }).port;
    this.udp = createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 });
    this.udp.on('message', (msg) => {
      for (const line of msg.toString('utf8').split('\n')) this.handleLine(line);
    });
    await new Promise<void>((resolve, reject) => {
      this.udp!.once('error', reject);
      this.udp!.bind(this.statsdPort, '127.0.0.1', resolve);
    });
    this.http = createHttpServer((req, res) => {
      if (req.url !== '/metrics') return void res.writeHead(404).end();
      const refused = this.gatherError();
      if (refused) return void res.writeHead(500).end(`An error has occurred while serving metrics:\n\n${refused}\n`);
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(this.exposition());
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.metricsUrl = `http://127.0.0.1:${(this.http.address() as { port: number }).port}/metrics`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    this.http?.closeAllConnections();
    await new Promise<void>((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
  }

  /** One StatsD line, as pkg/line parses it (DogStatsD tags, one sample per line). */
  handleLine(line: string): void {
    if (!line) return;
    this.stats.lines++;
    const colon = line.indexOf(':');
    if (colon <= 0) return void this.stats.malformed++;
    const name = line.slice(0, colon);
    const components = line.slice(colon + 1).split('|');
    const [valueText = '', statType = ''] = components;
    const value = Number.parseFloat(valueText);
    if (components.length < 2 || components.length > 4 || !Number.isFinite(value)) return void this.stats.malformed++;
    const tags: Record<string, string> = {};
    let events = 1;
    for (const c of components.slice(2)) {
      if (c.startsWith('@')) {
        const rate = Number.parseFloat(c.slice(1)) || 1;
        if (statType === 'ms' || statType === 'h' || statType === 'd') events = Math.trunc(1 / rate);
      } else if (c.startsWith('#')) {
        for (const tag of c.slice(1).split(',')) {
          const i = tag.indexOf(':');
          if (i > 0 && i < tag.length - 1) tags[escapeMetricName(tag.slice(0, i))] = tag.slice(i + 1);
        }
      } else {
        return void this.stats.malformed++;
      }
    }
    const type: StatsdMetricType | null =
      statType === 'g'
        ? 'gauge'
        : ['ms', 'h', 'd'].includes(statType)
          ? 'observer'
          : statType === 'c'
            ? 'counter'
            : null;
    if (type === null || type === 'counter') return void this.stats.malformed++;
    const relative = /^[+-]/.test(valueText);
    for (let i = 0; i < events; i++) this.record(name, type, statType === 'ms' ? value / 1000 : value, tags, relative);
  }

  private record(
    statsdName: string,
    type: StatsdMetricType,
    value: number,
    tags: Record<string, string>,
    relative: boolean,
  ): void {
    const found = this.mapper.lookup(statsdName, type);
    if (!found) this.stats.unmapped++;
    const name = escapeMetricName(found ? found.name : statsdName);
    const labels = { ...tags, ...(found?.labels ?? {}) };
    const kind = type === 'gauge' ? 'gauge' : found?.mapping.observer_type === 'histogram' ? 'histogram' : 'summary';
    let family = this.families.get(name);
    if (!family) {
      const bounds = kind === 'histogram' ? [...(found?.mapping.histogram_options?.buckets ?? DEFAULT_BUCKETS)] : [];
      family = {
        type: kind,
        help: found?.mapping.help ?? 'Metric autogenerated by statsd_exporter.',
        helps: new Map(),
        bounds,
        series: new Map(),
      };
      this.families.set(name, family);
    }
    if (family.type !== kind) return void this.stats.conflicts++;
    const labelNames = Object.keys(labels).sort().join(',');
    if (!family.helps.has(labelNames))
      family.helps.set(labelNames, found?.mapping.help ?? 'Metric autogenerated by statsd_exporter.');
    const key = JSON.stringify(Object.entries(labels).sort());
    let series = family.series.get(key);
    if (!series) {
      series = { labels, value: 0, sum: 0, count: 0 };
      if (kind === 'histogram') series.buckets = family.bounds.map(() => 0);
      if (kind === 'summary') series.values = [];
      family.series.set(key, series);
    }
    this.stats.observations++;
    if (kind === 'gauge') {
      series.value = relative ? series.value + value : value;
      return;
    }
    series.sum += value;
    series.count++;
    if (series.values) series.values.push(value);
    if (series.buckets) {
      const i = family.bounds.findIndex((b) => value <= b);
      if (i >= 0) series.buckets[i]!++;
    }
  }

  /** client_golang's refusal of a family whose vectors carry two help texts, or null. */
  gatherError(): string | null {
    for (const [name, f] of this.families) {
      const helps = [...new Set(f.helps.values())];
      if (helps.length > 1)
        return `collected metric ${name} has help ${JSON.stringify(helps[1])} but should have ${JSON.stringify(helps[0])}`;
    }
    return null;
  }

  /** The text exposition format, as /metrics serves it. */
  exposition(): string {
    const out: string[] = [];
    for (const [name, f] of this.families) {
      out.push(`# HELP ${name} ${f.help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${f.type}`);
      for (const s of f.series.values()) out.push(...seriesLines(name, f, s));
    }
    return `${out.join('\n')}\n`;
  }
}

/** client_golang's default buckets, which the exporter uses for a histogram mapping without its own. */
const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function seriesLines(name: string, f: Family, s: Series): string[] {
  if (f.type === 'gauge') return [`${name}${labelText(s.labels)} ${s.value}`];
  const lines: string[] = [];
  if (f.type === 'histogram') {
    let cumulative = 0;
    f.bounds.forEach((b, i) => {
      cumulative += s.buckets![i]!;
      lines.push(`${name}_bucket${labelText({ ...s.labels, le: String(b) })} ${cumulative}`);
    });
    lines.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
  } else {
    const sorted = [...s.values!].sort((a, b) => a - b);
    for (const q of SUMMARY_QUANTILES) {
      const v = sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
      lines.push(`${name}${labelText({ ...s.labels, quantile: String(q) })} ${v}`);
    }
  }
  lines.push(`${name}_sum${labelText(s.labels)} ${s.sum}`, `${name}_count${labelText(s.labels)} ${s.count}`);
  return lines;
}

/** Label names sorted, `le` and `quantile` last, as client_golang writes them. */
function labelText(labels: Record<string, string>): string {
  const last = (k: string) => (k === 'le' || k === 'quantile' ? 1 : 0);
  const entries = Object.entries(labels).sort(([a], [b]) => last(a) - last(b) || (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return '';
  const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
  return `{${entries.map(([k, v]) => `${k}="${esc(v)}"`).join(',')}}`;
}

/** A stand-in loaded with `mappingYaml`, listening on loopback. */
export async function startStatsdExporterStandIn(mappingYaml: string): Promise<StatsdExporterStandIn> {
  return new StatsdExporterStandIn(new ExporterMapper(mappingYaml)).start();
}
