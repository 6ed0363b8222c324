/**
 * Calibrated tolerances on the gate simulator (bench/gate/calibration-trials.ts): A/A runs → the config
 * fragment → read back as the config → new runs judged against the A/A runs as their history.
 * `npm run bench:calibrate` runs the same with many more trials (bench/gate/RESULTS.md).
 */
import { median } from 'simple-statistics';
import { describe, expect, it } from 'vitest';
import { calibrationTrials } from '../../bench/gate/calibration-trials.js';
import { NORMAL_RUN, Rng, simulateRun } from '../../bench/gate/simulate.js';
import { parseConfig } from '../../src/config/parse.js';
import { sectionValue } from '../../src/config/section.js';
import { calibrateTolerances } from '../../src/gate/calibrate/calibrate.js';
import { calibrationYaml } from '../../src/gate/calibrate/fragment.js';
import { readCalibrationRuns } from '../../src/gate/calibrate/from-runs.js';
import { judgeRun } from '../../src/gate/judge.js';
import { metricKey } from '../../src/naming.js';
import { summarizeRun } from '../../src/summarize/index.js';

describe('calibrate on the gate simulator', () => {
  it('keeps false alarms within the rate, finds the warm-up, and predicts the detection rate', async () => {
    const r = await calibrationTrials({ calibrations: 12, runs: 10, nullChecks: 80, powerChecks: 20, seed: 4 });
    // 960 unchanged runs; the calibrated tolerances must keep the share failed at or under 1 %.
    expect(r.checks).toBe(960);
    expect(r.falseAlarms / r.checks).toBeLessThanOrEqual(0.01);
    // The simulator's warm-up ramp is 20 steps long: never cut short; MSER may cut a few batches of 5 more
    // where noise makes them look worth dropping (the longest of the metrics' is taken), but mostly not.
    for (const w of r.warmupSteps) {
      expect(w).toBeGreaterThanOrEqual(20);
      expect(w).toBeLessThanOrEqual(50);
    }
    expect(median(r.warmupSteps)).toBe(20);
    // Predicted MFU power against MFU's simulated detection rate, 240 runs per drop: the binomial standard
    // error is at most 3.2 points; 8 points allow for it and for the measured noise standing for the true one.
    for (const p of r.power) expect(Math.abs(p.detected / p.checks - p.predicted)).toBeLessThan(0.08);
  }, 120_000);

  it('predicts from the noise band the gate itself draws with the calibrated config', async () => {
    const openers = Array.from(
      { length: 8 },
      (_, i) => async () => simulateRun(`aa${i}`, NORMAL_RUN, new Rng(900 + i)),
    );
    const config0 = parseConfig('{}', 'none.yml');
    const runs = await readCalibrationRuns(openers, config0);
    const c = calibrateTolerances({ ...runs, falseAlarmRate: 0.01, gate: sectionValue(config0.gate) });
    const config = parseConfig(calibrationYaml(c), 'calibrated.yml');
    const current = await summarizeRun(simulateRun('current', NORMAL_RUN, new Rng(77)), config);
    const verdicts = judgeRun(current, runs.records, sectionValue(config.gate)).metrics;
    for (const m of c.metrics.filter((x) => x.band !== null)) {
      const v = verdicts.find((x) => metricKey(x.name) === m.key)!;
      expect(v.baseline!.band / Math.abs(v.baseline!.centre)).toBeCloseTo(m.band!, 9);
    }
    expect(c.metrics.filter((x) => x.band !== null).length).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
