/**
 * Calibrated tolerances on the gate simulator, for the benchmark and the test alike. Each calibration:
 * `runs` simulated A/A runs → readCalibrationRuns + calibrate → the YAML fragment → read back as the
 * config (parseConfig) → new runs, summarised with that config, judged by judgeRun against the
 * calibration runs as their history (what happens when the A/A runs are recorded and later runs checked).
 * Unchanged runs count the false alarms (any regression); runs with MFU 3 %, 5 % and 10 % lower count
 * MFU's regression verdicts, beside the power the calibration predicted for MFU.
 */
import { parseConfig } from '../../src/config/parse.js';
import { sectionValue, type Config } from '../../src/config/index.js';
import { calibrateTolerances, POWER_AT } from '../../src/gate/calibrate/calibrate.js';
import { calibrationYaml } from '../../src/gate/calibrate/fragment.js';
import { readCalibrationRuns } from '../../src/gate/calibrate/from-runs.js';
import { judgeRun } from '../../src/gate/judge.js';
import type { GateResult, HistoryRecord } from '../../src/model.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { NORMAL_RUN, Rng, simulateRun, type RunSpec } from './simulate.js';

export interface TrialOptions {
  calibrations: number;
  /** A/A runs per calibration. */
  runs: number;
  /** Unchanged runs checked per calibration. */
  nullChecks: number;
  /** Runs checked per calibration at each MFU drop of POWER_AT. */
  powerChecks: number;
  seed: number;
  falseAlarmRate?: number;
  /** Run-to-run CV of the simulated cluster (SIM.runCv when absent). */
  runCv?: number;
}

export interface TrialResult {
  checks: number;
  falseAlarms: number;
  /** Per drop: runs checked, runs failed, and the mean predicted power for MFU. */
  power: { change: number; checks: number; detected: number; predicted: number }[];
  /** Mean recommended MFU minimum effect and warm-up. */
  mfuMinEffect: number;
  warmupSteps: number[];
}

export async function calibrationTrials(o: TrialOptions): Promise<TrialResult> {
  const result: TrialResult = {
    checks: 0,
    falseAlarms: 0,
    power: POWER_AT.map((change) => ({ change, checks: 0, detected: 0, predicted: 0 })),
    mfuMinEffect: 0,
    warmupSteps: [],
  };
  const spec = (speed = 1): RunSpec => ({ ...NORMAL_RUN, speed, ...(o.runCv ? { runCv: o.runCv } : {}) });
  for (let k = 0; k < o.calibrations; k++) {
    const base = o.seed * 1_000_003 + k * 10_007;
    // Each A/A run from its own seed, so it can be opened again identically.
    const openers = Array.from(
      { length: o.runs },
      (_, i) => async () => simulateRun(`aa${i}`, spec(), new Rng(base + i)),
    );
    const config0 = parseConfig('{}', 'none.yml');
    const runs = await readCalibrationRuns(openers, config0);
    const c = calibrateTolerances({
      ...runs,
      falseAlarmRate: o.falseAlarmRate ?? 0.01,
      gate: sectionValue(config0.gate),
    });
    const config = parseConfig(calibrationYaml(c), 'calibrated.yml');
    const mfu = c.metrics.find((m) => m.key === 'mfu')!;
    result.mfuMinEffect += (mfu.minEffect ?? NaN) / o.calibrations;
    result.warmupSteps.push(c.warmupSteps ?? NaN);
    const rng = new Rng(base + 5003);
    for (let t = 0; t < o.nullChecks; t++) {
      result.checks += 1;
      if ((await judge(spec(), rng, runs.records, config)).regression) result.falseAlarms += 1;
    }
    for (const [i, p] of result.power.entries()) {
      p.predicted += mfu.power[i]!.power / o.calibrations;
      for (let t = 0; t < o.powerChecks; t++) {
        p.checks += 1;
        const verdict = await judge(spec(1 - p.change), rng, runs.records, config);
        // MFU's own verdict: step time, derived from it, moves by 1/(1 − d) − 1, a little more than d.
        if (verdict.metrics.find((m) => m.name === 'MFU')?.verdict === 'regression') p.detected += 1;
      }
    }
  }
  return result;
}

async function judge(spec: RunSpec, rng: Rng, history: HistoryRecord[], config: Config): Promise<GateResult> {
  const summary = await summarizeRun(simulateRun('current', spec, rng), config);
  return judgeRun(summary, history, sectionValue(config.gate));
}
