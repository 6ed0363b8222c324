/**
 * Step windows whose number stays bounded however long the run: windows are aligned to multiples
 * of the width, and when there would be more than `maxWindows`, neighbours merge pairwise and the
 * width doubles. Runs of the same length therefore get the same windows (`steps:A-B` tags line up).
 *
 * Each value is accepted once: warm-up values go to a window's separate warm-up sketch, so the steady
 * state is the merge of the windows' main sketches and no second sketch per metric is needed.
 */
import { WINDOW_QUANTILES, type StepWindow } from '../model.js';
import { firstAtOrAbove } from './first-at-or-above.js';
import { Sketch, quantilesOf } from './sketch.js';

interface Slot {
  main: Sketch;
  warm: Sketch | null;
}

/** The window's warm-up sketch, made on its first warm-up value: most windows have none. */
function warmSketch(slot: Slot): Sketch {
  slot.warm ??= new Sketch();
  return slot.warm;
}

export class StepWindows {
  private width: number;
  private slots = new Map<number, Slot>();
  private currentIndex = Number.NaN;
  private current: Slot | null = null;

  constructor(
    initialWidth: number,
    private readonly maxWindows: number,
  ) {
    this.width = Math.max(1, initialWidth);
  }

  /**
   * Add a batch's column: `values[i]` logged at `steps[i]` (steps increasing). Values at steps below
   * `steadyFrom` are warm-up: they count in their window but not in the steady state, or not at all when
   * `skipWarm`. Non-finite values are skipped, and a window is only made for a finite value.
   * Whole runs of a window go to its sketch at once, so no value is handed through a call on its own.
   * A batch's steps increase strictly, so a window's end is found by bisection.
   */
  addColumn(steps: Float64Array, values: Float64Array, steadyFrom: number, skipWarm: boolean): void {
    const n = steps.length;
    let i = 0;
    while (i < n) {
      const v = values[i]!;
      if (v - v !== 0) {
        i++; // NaN or ±Infinity
        continue;
      }
      const step = steps[i]!;
      const warm = step < steadyFrom;
      if (warm && skipWarm) {
        i = firstAtOrAbove(steps, i + 1, steadyFrom);
        continue;
      }
      const slot = this.slotAt(step);
      const windowEnd = (Math.floor(step / this.width) + 1) * this.width;
      const j = firstAtOrAbove(steps, i + 1, warm ? Math.min(windowEnd, steadyFrom) : windowEnd);
      (warm ? warmSketch(slot) : slot.main).acceptMany(values, i, j);
      i = j;
    }
  }

  /** The window holding `step`, made if new (coarsening when there would be too many). */
  private slotAt(step: number): Slot {
    const index = Math.floor(step / this.width);
    if (index === this.currentIndex) return this.current!;
    let slot = this.slots.get(index);
    if (!slot) {
      slot = { main: new Sketch(), warm: null };
      this.slots.set(index, slot);
      if (this.slots.size > this.maxWindows) {
        this.coarsen();
        return this.slotAt(step);
      }
    }
    this.currentIndex = index;
    this.current = slot;
    return slot;
  }

  private coarsen(): void {
    while (this.slots.size > this.maxWindows) {
      this.width *= 2;
      const merged = new Map<number, Slot>();
      for (const [index, slot] of this.slots) {
        const into = merged.get(Math.floor(index / 2));
        if (!into) {
          merged.set(Math.floor(index / 2), slot);
          continue;
        }
        into.main.merge(slot.main);
        if (slot.warm) warmSketch(into).merge(slot.warm);
      }
      this.slots = merged;
    }
    this.currentIndex = Number.NaN;
    this.current = null;
  }

  /** Everything but the warm-up values, merged: the steady state. Null when there is none. */
  steady(): Sketch | null {
    const all = new Sketch();
    for (const slot of this.slots.values()) all.merge(slot.main);
    return all.count > 0 ? all : null;
  }

  result(): StepWindow[] {
    return [...this.slots.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, slot]) => {
        let sketch = slot.main;
        if (slot.warm) {
          sketch = new Sketch();
          sketch.merge(slot.main);
          sketch.merge(slot.warm);
        }
        const window: StepWindow = {
          from: index * this.width,
          to: (index + 1) * this.width - 1,
          count: sketch.count,
          quantiles: quantilesOf(sketch, WINDOW_QUANTILES),
        };
        if (sketch.count <= WINDOW_QUANTILES.length) {
          // Level k/(n − 1) is rank k: each value once.
          window.values = quantilesOf(
            sketch,
            Array.from({ length: sketch.count }, (_, k) => (sketch.count === 1 ? 0 : k / (sketch.count - 1))),
          );
        }
        return window;
      });
  }
}
