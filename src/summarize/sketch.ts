/**
 * Quantile sketches: DDSketch keeps every quantile within a relative error of the true value in
 * bounded memory, and two sketches merge exactly — what step windows need when they coarsen.
 */
import sketches from '@datadog/sketches-js';

const { DDSketch } = sketches;
export type Sketch = InstanceType<typeof DDSketch>;

/** 0.05 % relative error: far below the 1 % run-to-run noise the gate works against. */
export const RELATIVE_ACCURACY = 0.0005;

export function newSketch(): Sketch {
  return new DDSketch({ relativeAccuracy: RELATIVE_ACCURACY });
}

/** Values at the given quantile levels, clamped into [min, max] (the sketch answers bucket centres). */
export function quantilesOf(sketch: Sketch, levels: readonly number[]): number[] {
  return levels.map((q) => Math.min(sketch.max, Math.max(sketch.min, sketch.getValueAtQuantile(q))));
}
