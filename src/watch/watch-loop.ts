/**
 * The loop that follows the files while the command runs: a look every poll interval, and sooner when a
 * folder's change event fires (fs.watch is unreliable on network filesystems, hence the poll as well).
 * The timer's look is skipped when an event's look started within the interval: the poll is for changes
 * no event told of. After each look: the stall rule, the live gauges when rows were read (the ones that
 * change with time alone are computed when /metrics is scraped), and the first finding of a rule asked for.
 */
import { type FSWatcher, watch } from 'node:fs';
import type { LiveMetrics } from './live-metrics.js';
import type { AbortReason, Finding } from './state/finding.js';
import type { WatchState } from './state/watch-state.js';
import type { TailSet } from './tail/tail-set.js';

export interface LoopHooks {
  /** After each look that read something new: the live StatsD lines, for instance. */
  afterRead?: () => void;
  /** The first finding of an asked-for rule; called once. */
  abort: (finding: Finding) => void;
  warn: (message: string) => void;
}

export class WatchLoop {
  private timer: NodeJS.Timeout | null = null;
  private readonly watchers: FSWatcher[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private aborted = false;
  private stopped = false;
  /** When the last look woken by a change event was asked for (performance.now()). */
  private lastEventAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly tails: TailSet,
    private readonly state: WatchState,
    private readonly metrics: LiveMetrics | null,
    private readonly abortOn: ReadonlySet<AbortReason>,
    private readonly pollMs: number,
    private readonly hooks: LoopHooks,
  ) {}

  start(): void {
    for (const folder of this.tails.folders()) {
      try {
        const w = watch(folder, { persistent: false }, () => this.onEvent());
        w.on('error', () => w.close());
        this.watchers.push(w);
      } catch {
        // A folder not there yet (or no change events here): the poll finds the files.
      }
    }
    this.timer = setInterval(() => this.onTimer(), this.pollMs);
    this.wake();
  }

  /** Stop looking; resolves after a last look at the files, so the final rows are in the state. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const w of this.watchers) w.close();
    await this.running;
    await this.look();
    this.tails.close();
  }

  private onEvent(): void {
    this.lastEventAt = performance.now();
    this.wake();
  }

  private onTimer(): void {
    if (performance.now() - this.lastEventAt >= this.pollMs) this.wake();
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
    try {
      await this.lookOnce();
    } catch (e) {
      this.hooks.warn(`watch: ${(e as Error).message.split('\n')[0]}`);
    }
  }

  private async lookOnce(): Promise<void> {
    const read = await this.tails.poll();
    this.state.checkStall();
    if (read) {
      this.metrics?.update();
      this.hooks.afterRead?.();
    }
    // The last look after the command ended only completes the state: there is nothing left to stop.
    if (this.aborted || this.stopped) return;
    const finding = this.state.findings.find((f) => this.abortOn.has(f.reason));
    if (finding) {
      this.aborted = true;
      this.hooks.abort(finding);
    }
  }
}
