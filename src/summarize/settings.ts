/** How runs are summarised: the config's top-level sampling settings (read in src/config/summary.ts). */
export interface SummarySettings {
  /** Loss sampled every N steps (tag step:N). */
  lossEvery: number;
  /** First steps skipped for timers and the steady state. */
  warmupSteps: number;
  /** Bound on step windows per run (the window size doubles to stay under it). */
  maxWindows: number;
  /** Bound on sampled loss points per run (the interval doubles to stay under it). */
  lossMaxPoints: number;
}

export const DEFAULT_SUMMARY_SETTINGS: SummarySettings = {
  lossEvery: 50,
  warmupSteps: 10,
  maxWindows: 32,
  lossMaxPoints: 200,
};
