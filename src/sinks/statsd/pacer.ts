/**
 * UDP confirms nothing: a burst larger than the receiver's socket buffer is dropped by the kernel, silently
 * for the sender. The pacer bounds what is handed to the socket to `bytesPerMs` per millisecond on
 * average, with at most `burst` bytes at once, so a reader that keeps up on average loses nothing and one
 * that stalls for a few milliseconds is covered by its buffer.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class Pacer {
  private tokens: number;
  private last = performance.now();
  /** Milliseconds spent waiting, for the report. */
  waitedMs = 0;

  /** `bytesPerMs` 0: unpaced. */
  constructor(
    private readonly bytesPerMs: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  /** Null when `bytes` may go now (no promise per line on the fast path), else when they may. */
  take(bytes: number): Promise<void> | null {
    if (this.bytesPerMs <= 0) return null;
    const need = Math.min(bytes, this.burst);
    this.refill();
    if (this.tokens >= need) {
      this.tokens -= need;
      return null;
    }
    return this.wait(need);
  }

  private async wait(need: number): Promise<void> {
    const start = performance.now();
    while (this.tokens < need) {
      await sleep(Math.max(1, Math.ceil((need - this.tokens) / this.bytesPerMs)));
      this.refill();
    }
    this.tokens -= need;
    this.waitedMs += performance.now() - start;
  }

  private refill(): void {
    const now = performance.now();
    // Capped at the burst: time spent late in a timer is not made up by a larger burst afterwards.
    this.tokens = Math.min(this.burst, this.tokens + (now - this.last) * this.bytesPerMs);
    this.last = now;
  }
}
