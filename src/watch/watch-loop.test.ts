/**
 * The loop's looks, counted on a fake clock: change events come from a stand-in for fs.watch that the
 * test fires, and the files are a stand-in that counts its looks and the rows they read. No elapsed
 * time is measured, so a loaded machine changes nothing here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WatchState } from './state/watch-state.js';
import type { TailSet } from './tail/tail-set.js';
import { WatchLoop } from './watch-loop.js';

/** The listeners of the watchers open now, and how many were ever opened. */
const events = vi.hoisted(() => ({ listeners: new Set<() => void>(), opened: 0 }));

vi.mock('node:fs', async (original) => ({
  ...(await original<typeof import('node:fs')>()),
  watch: (_folder: string, _options: unknown, listener: () => void) => {
    events.listeners.add(listener);
    events.opened++;
    const watcher = { close: () => events.listeners.delete(listener), on: () => watcher };
    return watcher;
  },
}));

/** A file a trainer appends rows to, as the loop's TailSet sees it: a look reads every row written so far. */
class Rows {
  written = 0;
  read = 0;
  looks = 0;
  folders = () => ['/run'];
  close = () => {};
  async poll(): Promise<boolean> {
    this.looks++;
    const any = this.read < this.written;
    this.read = this.written;
    return any;
  }
}

const POLL_MS = 250;
/** Looks woken by change events are this far apart at least, with this poll interval. */
const EVENT_LOOK_MS = 250;
let rows: Rows;
let loop: WatchLoop;

/** A row written and flushed: one change event. */
function writeRow(): void {
  rows.written++;
  for (const l of [...events.listeners]) l();
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  events.listeners.clear();
  events.opened = 0;
  rows = new Rows();
  const state = { checkStall: () => {}, findings: [] } as unknown as WatchState;
  loop = new WatchLoop(rows as unknown as TailSet, state, new Set(), POLL_MS, {
    abort: () => {},
    warn: (m) => {
      throw new Error(m);
    },
  });
  loop.start();
  await vi.advanceTimersByTimeAsync(0);
});

afterEach(async () => {
  await loop.stop();
  vi.useRealTimers();
});

describe('watch loop: looks woken by change events', () => {
  it('looks at most about 4 times for 100 writes of one row over a second, and reads the last row', async () => {
    expect(rows.looks).toBe(1); // the first look, at start
    for (let i = 0; i < 100; i++) {
      writeRow();
      await vi.advanceTimersByTimeAsync(10);
    }
    // One look per event would be 100; coalesced, a look per 250 ms (the first event's at once).
    expect(rows.looks - 1).toBeLessThanOrEqual(5);
    expect(rows.looks - 1).toBeGreaterThanOrEqual(4);
    // The rows written since the last look are read within the interval.
    await vi.advanceTimersByTimeAsync(EVENT_LOOK_MS);
    expect(rows.read).toBe(100);
  });

  it('800 events a second (8 ranks, one row per write each) still cost about 4 looks a second', async () => {
    for (let i = 0; i < 100; i++) {
      for (let rank = 0; rank < 8; rank++) writeRow();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(rows.looks - 1).toBeLessThanOrEqual(5);
    await vi.advanceTimersByTimeAsync(EVENT_LOOK_MS);
    expect(rows.read).toBe(800);
  });

  it('looks at once at an event after a quiet spell (a NaN row is not kept waiting)', async () => {
    await vi.advanceTimersByTimeAsync(1000); // polls only, nothing written
    const before = rows.looks;
    writeRow();
    await vi.advanceTimersByTimeAsync(0);
    expect(rows.looks).toBe(before + 1);
    expect(rows.read).toBe(rows.written);
  });

  it('still polls, for filesystems without events, and skips the poll while events come', async () => {
    rows.written += 3; // written, no event told of it
    await vi.advanceTimersByTimeAsync(POLL_MS);
    expect(rows.read).toBe(3);
    const before = rows.looks;
    await vi.advanceTimersByTimeAsync(4 * POLL_MS);
    expect(rows.looks - before).toBe(4);
  });

  it('closes the watcher until the look after an event, and opens it again before that look', async () => {
    writeRow(); // looked at at once: closed, opened again, looked
    await vi.advanceTimersByTimeAsync(0);
    expect(events.listeners.size).toBe(1);
    writeRow(); // within the interval: closed until its look
    expect(events.listeners.size).toBe(0);
    for (let i = 0; i < 5; i++) writeRow(); // no event tells of these
    await vi.advanceTimersByTimeAsync(EVENT_LOOK_MS);
    expect(events.listeners.size).toBe(1);
    expect(rows.read).toBe(7);
    expect(events.opened).toBe(3); // at start, and before each of the two looks
  });

  it('with a shorter poll interval, looks woken by events are as far apart as the polls', async () => {
    await loop.stop();
    loop = new WatchLoop(
      rows as unknown as TailSet,
      { checkStall: () => {}, findings: [] } as unknown as WatchState,
      new Set(),
      50,
      {
        abort: () => {},
        warn: () => {},
      },
    );
    loop.start();
    const before = rows.looks;
    for (let i = 0; i < 100; i++) {
      writeRow();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(rows.looks - before).toBeGreaterThanOrEqual(19);
    expect(rows.looks - before).toBeLessThanOrEqual(21);
  });

  it('reads the rows of an event still waiting for its look when stopped, and leaves no timer behind', async () => {
    writeRow(); // looked at at once
    await vi.advanceTimersByTimeAsync(0);
    writeRow(); // within the interval: waits for its look
    expect(rows.read).toBe(1);
    await loop.stop();
    expect(rows.read).toBe(2);
    expect(vi.getTimerCount()).toBe(0);
    expect(events.listeners.size).toBe(0);
  });
});
