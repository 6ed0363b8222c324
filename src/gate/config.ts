/**
 * The gate's settings, as the config's `gate:` section gives them (read in src/config/gate.ts), and their
 * defaults. The gate only takes them; it never reads the config.
 */
import type { FamilyKind } from './family.js';

export interface GateConfig {
  alpha: number;
  minRuns: number;
  shiftAlpha: number;
  outlierMads: number;
  priorRuns: number;
  priorCv: Record<FamilyKind, number>;
  noiseFloor: number;
  completeFraction: number;
  /** Fail a run that ended cleanly before the usual step (else a warning; a cut-off file always fails). */
  requireComplete: boolean;
}

export const DEFAULT_GATE_CONFIG: GateConfig = {
  alpha: 0.01,
  minRuns: 5,
  shiftAlpha: 0.001,
  outlierMads: 5,
  priorRuns: 10,
  priorCv: { throughput: 0.01, loss: 0.003, quality: 0.005, memory: 0.001, other: 0.01 },
  noiseFloor: 0.0005,
  completeFraction: 0.99,
  requireComplete: false,
};
