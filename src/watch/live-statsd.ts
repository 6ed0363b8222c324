/**
 * With `statsd-host`, a watched run's values also go out over StatsD as they come, through the StatsD
 * sink (src/sinks/statsd): each loss as a gauge tagged with its step (as `emit` sends loss points), each
 * window or timer metric's last value as a gauge `<name>.live`, a name of its own, since a gauge under the
 * name of the histogram `emit` sends for that column would be one family with two types in statsd_exporter
 * (whichever came second is dropped). Bounded: at most one flush per interval, one line per metric and
 * rank per flush, whatever the rate rows are written at.
 */
import { runTagSet } from '../naming.js';
import type { Options } from '../options.js';
import { sentFactor, sentStatsdName, type StatsdMetric } from '../sinks/statsd/metrics.js';
import type { StatsdProtocol } from '../sinks/statsd/send.js';
import type { WatchState } from './state/watch-state.js';

/** Flushes at most this often. */
const FLUSH_MS = 1000;
/** Lines per flush at most (ranks × metrics beyond it wait for the next flush). */
const MAX_LINES = 2000;

export class LiveStatsd {
  private lastFlush = 0;
  private sending: Promise<void> | null = null;
  /** By rank and metric: the step last sent. */
  private readonly sent = new Map<string, number>();
  private readonly tags: Record<string, string>;
  private warned = false;
  /** The protocol the last delivered flush went over, or null: the option's own (auto) again. */
  private protocol: StatsdProtocol | null = null;

  constructor(
    private readonly options: Options,
    experiment: string,
    private readonly warn: (message: string) => void,
  ) {
    this.tags = runTagSet({ tags: {}, experiment }, options.tags, options.github, options.allowIdTags).tags;
  }

  /** Send what is new, unless a flush was made less than FLUSH_MS ago (`force`: at the end). */
  flush(state: WatchState, force = false): Promise<void> {
    const now = Date.now();
    if (this.sending || (!force && now - this.lastFlush < FLUSH_MS)) return this.sending ?? Promise.resolve();
    this.lastFlush = now;
    const lines = this.linesFor(state);
    if (!lines.length) return Promise.resolve();
    this.sending = this.send(lines).finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  /** The lines due for what is new in `state` since the last call (marked as sent). */
  linesFor(state: WatchState): StatsdMetric[] {
    const out: StatsdMetric[] = [];
    for (const rank of state.ranks) {
      for (const m of rank.metrics.values()) {
        if (out.length >= MAX_LINES) return out;
        const key = `${rank.label}\u0000${m.name}`;
        if (!Number.isFinite(m.last) || m.lastStep === this.sent.get(key)) continue;
        if (m.cls.kind !== 'loss' && m.cls.kind !== 'window' && m.cls.kind !== 'timer') continue;
        this.sent.set(key, m.lastStep);
        const tags = { ...this.tags, step: String(m.lastStep), ...(rank.label ? { rank: rank.label } : {}) };
        // In the flavor's units, named as `emit` names a gauge of the column (the plain flavor's base units).
        const { prefix, statsdFlavor } = this.options;
        const gauge = sentStatsdName(prefix, m.name, { kind: 'gauge', unit: m.cls.unit }, statsdFlavor);
        const name = m.cls.kind === 'loss' ? gauge : `${gauge}.live`;
        out.push({ name, value: m.last * sentFactor(m.cls.unit, statsdFlavor), type: 'g', sampleRate: 1, tags });
      }
    }
    return out;
  }

  private async send(lines: StatsdMetric[]): Promise<void> {
    const { sendStatsd } = await import('../sinks/statsd/send.js');
    const o = this.options;
    const report = await sendStatsd(lines, {
      host: o.statsdHost ?? '127.0.0.1',
      port: o.statsdPort,
      protocol: this.protocol ?? o.statsdProtocol,
      flavor: o.statsdFlavor,
      maxBufferSize: o.maxBufferSize,
      dryRun: false,
    });
    // What `auto` found is kept while it delivers: no TCP attempt before every flush.
    this.protocol = report.delivery === 'written' || report.delivery === 'unconfirmed' ? report.protocol : null;
    if (report.errors.length && !this.warned) {
      // A sink outage warns once and changes nothing else.
      this.warned = true;
      this.warn(`live StatsD to ${report.target}: ${report.errors[0]}`);
    }
  }
}
