/**
 * Step windows whose number stays bounded however long the run: windows are aligned to multiples
 * of the width, and when there would be more than `maxWindows`, neighbours merge pairwise and the
 * width doubles. Runs of the same length therefore get the same windows (`steps:A-B` tags line up).
 *
 * Each value is accepted once: warm-up values go to a window's separate warm-up sketch, so the steady
 * state is the merge of the windows' main sketches and no second sketch per metric is needed. Timers
 * leave warm-up out of their windows; it is kept all the same, for a run too short to have any other.
 *
 * The run's end: a last window that covers less than half the width (often one step, a checkpoint
 * stall) joins the window just before it, so it is never sent or drawn as the run's throughput; and no
 * window's label runs past the run's last step.
 */
import { WINDOW_QUANTILES, type StepWindow } from '../model.js';
import { firstAtOrAbove } from './first-at-or-above.js';
import { Sketch, quantilesOf } from './sketch.js';
import { WindowSketch } from './window-sketch.js';

interface Slot {
  main: WindowSketch;
  warm: WindowSketch | null;
}

/** A window as it is handed out: bounds and the values it holds. */
interface Part {
  from: number;
  to: number;
  values: WindowSketch;
}

/** The window's warm-up sketch, made on its first warm-up value: most windows have none. */
function warmSketch(slot: Slot): WindowSketch {
  slot.warm ??= new WindowSketch();
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
   * `steadyFrom` are warm-up: they count in their window's warm-up sketch, not in the steady state.
   * Non-finite values are skipped, and a window is only made for a finite value.
   * Whole runs of a window go to its sketch at once, so no value is handed through a call on its own.
   * A batch's steps increase strictly, so a window's end is found by bisection.
   */
  addColumn(steps: Float64Array, values: Float64Array, steadyFrom: number): void {
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
      slot = { main: new WindowSketch(), warm: null };
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

  /** Everything but the warm-up values (or, with `withWarm`, everything), merged. Null when there is none. */
  steady(withWarm = false): Sketch | null {
    const all = new Sketch();
    for (const slot of this.slots.values()) {
      all.merge(slot.main.sketch);
      if (withWarm && slot.warm) all.merge(slot.warm.sketch);
    }
    return all.count > 0 ? all : null;
  }

  /**
   * The windows in step order, warm-up values in them when `withWarm`; `lastStep` is the run's last step
   * (NaN when unknown): the last window ends there, and joins its neighbour before it when it covers less
   * than half the width.
   */
  result(withWarm: boolean, lastStep: number): StepWindow[] {
    const parts: Part[] = [];
    for (const [index, slot] of [...this.slots.entries()].sort((a, b) => a[0] - b[0])) {
      const values = new WindowSketch();
      values.merge(slot.main);
      if (withWarm && slot.warm) values.merge(slot.warm);
      if (values.count > 0) parts.push({ from: index * this.width, to: (index + 1) * this.width - 1, values });
    }
    const last = parts[parts.length - 1];
    if (last && Number.isFinite(lastStep)) {
      const before = parts[parts.length - 2];
      // Only a neighbour: a sparse metric (an eval every 1,000 steps) has one value a window by design.
      if (before && before.to + 1 === last.from && lastStep - last.from + 1 < this.width / 2) {
        before.values.merge(last.values);
        before.to = last.to;
        parts.pop();
      }
      const end = parts[parts.length - 1]!;
      end.to = Math.max(end.from, Math.min(end.to, lastStep));
    }
    return parts.map(stepWindow);
  }
}

function stepWindow(part: Part): StepWindow {
  const { sketch } = part.values;
  const window: StepWindow = {
    from: part.from,
    to: part.to,
    count: sketch.count,
    quantiles: quantilesOf(sketch, WINDOW_QUANTILES),
  };
  const values = part.values.values();
  if (values) window.values = values;
  return window;
}
