/**
 * `calibrate` accounts for every metric of every real run: five copies of each real file, its gated
 * metrics' noise drawn again (as A/A runs of the same code differ), calibrated from the files and from
 * a history of them. Every metric the summary has is in the output — calibrated, skipped with its
 * reason, or named as not judged with why — and the warm-up line gives the real cause when none is found.
 * A run that breaks (a NaN loss) is refused in one line naming it, never calibrated around.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, sectionValue } from '../../src/config/index.js';
import { calibrateTolerances } from '../../src/gate/calibrate/calibrate.js';
import { calibrationYaml } from '../../src/gate/calibrate/fragment.js';
import { historyCalibrationRuns } from '../../src/gate/calibrate/from-history.js';
import { readCalibrationRuns } from '../../src/gate/calibrate/from-runs.js';
import { recordFromSummary } from '../../src/gate/record.js';
import { tableFromColumns } from '../../src/ingest/index.js';
import { InputError } from '../../src/model.js';
import { metricKey } from '../../src/naming.js';
import { summarizeRun } from '../../src/summarize/index.js';
import { realRuns } from './real-runs.js';
import { redrawNoise } from './transforms.js';

const gate = sectionValue(DEFAULT_CONFIG.gate);

describe('calibrate on every real run', () => {
  it('names every metric in its output, from the files and from a history', { timeout: 300_000 }, async () => {
    const { runs } = await realRuns();
    expect(runs.length).toBeGreaterThanOrEqual(30);
    let calibrated = 0;
    let refused = 0;
    let alike = 0;
    for (const run of runs) {
      const copies = [1, 2, 3, 4, 5].map((seed) => redrawNoise(run.table, run.summary, seed));
      const openers = copies.map((t, i) => async () => ({
        name: `copy-${i}`,
        experiment: 'calibrate',
        tags: {},
        fingerprint: {},
        table: tableFromColumns(`copy-${i}.csv`, t.steps, t.values, { nanTokens: t.nanTokens }),
      }));
      const keys = run.summary.metrics.map((m) => metricKey(m.name));
      let input: Awaited<ReturnType<typeof readCalibrationRuns>>;
      try {
        input = await readCalibrationRuns(openers, DEFAULT_CONFIG);
      } catch (e) {
        expect(e, run.name).toBeInstanceOf(InputError);
        expect((e as InputError).message, run.name).toMatch(/^copy-\d\.csv: .* is not noise to calibrate from/);
        refused++;
        continue;
      }
      const fromFiles = tryCalibrate(() => calibrateTolerances({ ...input, falseAlarmRate: 0.01, gate }));
      if (fromFiles) {
        const yaml = calibrationYaml(fromFiles);
        for (const key of keys) expect(yaml, `${run.name}: ${key}`).toContain(`# ${key}:`);
        expect(yaml, run.name).not.toContain('a history keeps');
        calibrated++;
      } else alike++;

      // The same runs as a history: the metrics it keeps (those with a direction) are all accounted for.
      const records = [];
      for (const open of openers) {
        const s = await summarizeRun(await open(), DEFAULT_CONFIG);
        records.push(
          recordFromSummary(s, { recordedAt: '', ref: '', sha: '', runId: '', baseline: false, complete: true }),
        );
      }
      const fromHistory = historyCalibrationRuns({ format: 1, runs: records }, 'calibrate', DEFAULT_CONFIG, 'h.json');
      const c = tryCalibrate(() => calibrateTolerances({ ...fromHistory, falseAlarmRate: 0.01, gate }));
      if (c) {
        const yaml = calibrationYaml(c);
        for (const key of Object.keys(records[0]!.metrics)) expect(yaml, `${run.name}: ${key}`).toContain(`# ${key}:`);
        expect(yaml, run.name).toContain('a history keeps no per-step series');
      }
    }
    // Most real runs calibrate. The rest: runs whose loss breaks, and a few logs so short (1 to 20 points)
    // that the redrawn noise leaves every judged value as it was, refused as copies.
    expect(calibrated).toBeGreaterThanOrEqual(24);
    expect(alike).toBeLessThanOrEqual(6);
    expect(calibrated + refused + alike).toBe(runs.length);
  });
});

/** The calibration, or null when it refuses in one line: the runs are copies, or each metric's reason. */
function tryCalibrate<T>(f: () => T): T | null {
  try {
    return f();
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    expect((e as InputError).message).toMatch(/^calibrate: (no gated metric|these \d+ runs have no metric)/);
    return null;
  }
}
