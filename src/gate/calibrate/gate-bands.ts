/**
 * The noise band the gate would draw for each metric against these runs as its history, with the given
 * minimum effects: the same baseline (prior and noise floor included), the same split of the false-alarm
 * budget over families (errorBudget) and the same critical t (criticalT) as judge.ts. Calibration predicts
 * detection power from it, so the prediction is about the gate as it decides, not about an ideal test.
 * The baseline is taken over the values scaled by a power of two (measured-noise.ts): the band is relative,
 * and values near 1e308 would overflow its variance otherwise.
 */
import type { HistoryPoint } from '../baseline.js';
import type { GateConfig } from '../config.js';
import { metricFamily } from '../family.js';
import { criticalT } from '../stats/critical-t.js';
import { errorBudget } from '../stats/error-budget.js';
import { tUpperTail } from '../stats/student-t.js';
import { buildBaseline } from '../baseline.js';
import { type JudgedClass, scaledPoints } from './measured-noise.js';

export interface BandInput {
  key: string;
  cls: JudgedClass;
  points: HistoryPoint[];
  /** The minimum effect the band is drawn with. */
  minEffect: number;
}

/** Per key: the band as a fraction of the level (the change the gate needs to flag), when the gate judges it. */
export function gateBands(metrics: readonly BandInput[], gate: GateConfig): Map<string, number> {
  const judged = metrics.flatMap((m) => {
    const family = metricFamily(m.key, m.cls);
    const b =
      m.points.length >= gate.minRuns
        ? buildBaseline(scaledPoints(m.points).scaled, {
            better: m.cls.direction === 'higher' ? 1 : -1,
            minEffect: m.minEffect,
            shiftAlpha: gate.shiftAlpha,
            outlierMads: gate.outlierMads,
            priorRuns: gate.priorRuns,
            priorCv: gate.priorCv[family.kind],
            noiseFloor: gate.noiseFloor,
          })
        : null;
    // A constant history is judged by its minimum effect alone, outside the budget.
    if (!b || !(b.sd > 0) || !(b.df > 0)) return [];
    const scale = b.sd * Math.sqrt(1 + 1 / b.runs);
    const minT = (m.minEffect * Math.abs(b.centre)) / scale;
    return [{ key: m.key, family: family.id, b, scale, minT, floor: tUpperTail(minT, b.df) }];
  });
  const families = [...new Set(judged.map((j) => j.family))];
  const floors = families.map((f) => Math.max(...judged.filter((j) => j.family === f).map((j) => j.floor)));
  const shares = errorBudget(gate.alpha, floors);
  const bands = new Map<string, number>();
  for (const j of judged) {
    const critical = criticalT(shares[families.indexOf(j.family)]!, j.floor, j.minT, j.b.df);
    bands.set(j.key, (critical * j.scale) / Math.abs(j.b.centre));
  }
  return bands;
}
