/**
 * The loop that follows the files while the command runs: a look every poll interval, and sooner when a
 * folder's change event fires (fs.watch is unreliable on network filesystems, hence the poll as well).
 * The timer's look is skipped when an event's look is due or was asked for within the interval: the
 * poll is for changes no event told of. After each look: the stall rule and the first finding of a rule
 * asked for (the live gauges are computed from the state when /metrics is scraped).
 *
 * Change events are coalesced. A trainer that writes and flushes each row makes one event per row (100 a
 * second, 800 with 8 ranks' files), and a look per event made watch's cost grow with the number of
 * writes rather than with the rows. An event after a quiet spell is looked at at once (a NaN row written
 * then stops the run without delay); one that comes sooner than `eventLookMs` (the poll interval, 250 ms
 * at most) after the last event's look waits for the rest of that interval. From an event to its look
 * the folders' watchers are closed: every event wakes the process, even one that would be ignored, and
 * the look reads whatever was written meanwhile. They are opened again just before the look, so a write
 * after it is told of.
 */
import { type FSWatcher, watch } from 'node:fs';
import type { AbortReason, Finding } from './state/finding.js';
import type { WatchState } from './state/watch-state.js';
import type { TailSet } from './tail/tail-set.js';

/** The most looks a second that change events cause is 4 (more with a shorter poll interval). */
const EVENT_LOOK_MS = 250;

export interface LoopHooks {
  /** After each look that read something new: the live StatsD lines, for instance. */
  afterRead?: () => void;
  /** The first finding of an asked-for rule; called once. */
  abort: (finding: Finding) => void;
  warn: (message: string) => void;
}

export class WatchLoop {
  private timer: NodeJS.Timeout | null = null;
  /** The folders watched for change events: each one's watcher, or null while it is closed until the next look. */
  private readonly watchers = new Map<string, FSWatcher | null>();
  private running: Promise<void> | null = null;
  private again = false;
  private aborted = false;
  private stopped = false;
  /** When the last look woken by change events was asked for (performance.now()). */
  private lastEventLookAt = Number.NEGATIVE_INFINITY;
  /** The look that change events within `eventLookMs` of the last look wait for. */
  private eventTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly tails: TailSet,
    private readonly state: WatchState,
    private readonly abortOn: ReadonlySet<AbortReason>,
    private readonly pollMs: number,
    private readonly hooks: LoopHooks,
    /** Looks woken by change events are at least this far apart. */
    private readonly eventLookMs = Math.min(pollMs, EVENT_LOOK_MS),
  ) {}

  start(): void {
    for (const folder of this.tails.folders()) this.arm(folder);
    this.timer = setInterval(() => this.onTimer(), this.pollMs);
    this.wake();
  }

  /** Stop looking; resolves after a last look at the files, so the final rows are in the state. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.eventTimer) clearTimeout(this.eventTimer);
    for (const w of this.watchers.values()) w?.close();
    this.watchers.clear();
    await this.running;
    await this.look();
    this.tails.close();
  }

  /** Watch `folder` for change events; a folder not there (or no change events here) is left to the poll. */
  private arm(folder: string): void {
    try {
      const w = watch(folder, { persistent: false }, () => this.onEvent());
      w.on('error', () => {
        w.close();
        if (this.watchers.get(folder) === w) this.watchers.delete(folder);
      });
      this.watchers.set(folder, w);
    } catch {
      this.watchers.delete(folder);
    }
  }

  private onEvent(): void {
    if (this.stopped) return;
    // Until the look, more events would only tell again what this one told: closed, opened in look().
    for (const [folder, w] of this.watchers) {
      w?.close();
      this.watchers.set(folder, null);
    }
    if (this.eventTimer) return; // a look is due already: it reads what this event told of
    const wait = this.lastEventLookAt + this.eventLookMs - performance.now();
    if (wait <= 0) this.eventLook();
    else
      this.eventTimer = setTimeout(() => {
        this.eventTimer = null;
        this.eventLook();
      }, wait);
  }

  private eventLook(): void {
    this.lastEventLookAt = performance.now();
    this.wake();
  }

  /** The poll's look, unless an event's look is due or was asked for within the interval. */
  private onTimer(): void {
    if (this.eventTimer || performance.now() - this.lastEventLookAt < this.pollMs) return;
    this.wake();
  }

  /** A look now, or right after the one in progress. */
  private wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.look();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** One look; a failure of its own (not a file's, which the tails report) is a warning, and the next look goes on. */
  private async look(): Promise<void> {
    if (!this.stopped) for (const [folder, w] of this.watchers) if (!w) this.arm(folder);
    try {
      await this.lookOnce();
    } catch (e) {
      this.hooks.warn(`watch: ${(e as Error).message.split('\n')[0]}`);
    }
  }

  private async lookOnce(): Promise<void> {
    const read = await this.tails.poll();
    this.state.checkStall();
    // The live gauges are computed when /metrics is scraped (live-metrics.ts), not here.
    if (read) this.hooks.afterRead?.();
    // The last look after the command ended only completes the state: there is nothing left to stop.
    if (this.aborted || this.stopped) return;
    const finding = this.state.findings.find((f) => this.abortOn.has(f.reason));
    if (finding) {
      this.aborted = true;
      this.hooks.abort(finding);
    }
  }
}
