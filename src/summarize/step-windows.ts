/**
 * Step windows whose number stays bounded however long the run: windows are aligned to multiples
 * of the width, and when there would be more than `maxWindows`, neighbours merge pairwise and the
 * width doubles. Runs of the same length therefore get the same windows (`steps:A-B` tags line up).
 */
import { WINDOW_QUANTILES, type StepWindow } from '../model.js';
import { newSketch, quantilesOf, type Sketch } from './sketch.js';

export class StepWindows {
  private width: number;
  private slots = new Map<number, Sketch>();
  private currentIndex = Number.NaN;
  private current: Sketch | null = null;

  constructor(
    initialWidth: number,
    private readonly maxWindows: number,
  ) {
    this.width = Math.max(1, initialWidth);
  }

  add(step: number, value: number): void {
    const index = Math.floor(step / this.width);
    if (index !== this.currentIndex) {
      let slot = this.slots.get(index);
      if (!slot) {
        slot = newSketch();
        this.slots.set(index, slot);
        if (this.slots.size > this.maxWindows) {
          this.coarsen();
          this.add(step, value);
          return;
        }
      }
      this.currentIndex = index;
      this.current = slot;
    }
    this.current!.accept(value);
  }

  private coarsen(): void {
    while (this.slots.size > this.maxWindows) {
      this.width *= 2;
      const merged = new Map<number, Sketch>();
      for (const [index, sketch] of this.slots) {
        const into = merged.get(Math.floor(index / 2));
        if (into) into.merge(sketch);
        else merged.set(Math.floor(index / 2), sketch);
      }
      this.slots = merged;
    }
    this.currentIndex = Number.NaN;
    this.current = null;
  }

  result(): StepWindow[] {
    return [...this.slots.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([index, sketch]) => ({
        from: index * this.width,
        to: (index + 1) * this.width - 1,
        count: sketch.count,
        quantiles: quantilesOf(sketch, WINDOW_QUANTILES),
      }));
  }
}
