/**
 * A/A runs from a stored history: the experiment's runs on one fingerprint (runs on different hardware are
 * never compared) — the latest record's, the hardware the next check runs on — through the same
 * comparableRuns the gate uses. Classes come from the records (kind, direction, unit) and the config (the
 * minimum effect now set, and whether the metric is gated). A history keeps no per-step series, so no
 * warm-up is found from it: the fragment says so, and that the runs' files (--csv) would tell it.
 */
import { classify } from '../../classify/index.js';
import type { Config } from '../../config/index.js';
import { InputError, type HistoryRecord } from '../../model.js';
import { comparableRuns, type HistoryFile } from '../../store/index.js';
import type { JudgedClass } from './measured-noise.js';
import type { Unjudged } from './calibrate.js';
import { didYouMean } from '../no-comparable.js';
import { whyNotJudged } from './from-runs.js';

export interface HistoryRuns {
  records: HistoryRecord[];
  classes: Map<string, JudgedClass>;
  fingerprint: string;
  /** The experiment's other fingerprints, with their run counts, left out. */
  others: [fingerprint: string, runs: number][];
  warmupWhy: string;
  unjudged: Unjudged[];
}

export function historyCalibrationRuns(
  history: HistoryFile,
  experiment: string,
  config: Pick<Config, 'rules'>,
  location: string,
): HistoryRuns {
  const own = history.runs.filter((r) => r.experiment === experiment);
  const latest = own[own.length - 1];
  if (!latest) {
    const all = [...new Set(history.runs.map((r) => r.experiment))];
    const names = all.slice(0, 5).map((n) => JSON.stringify(n));
    const near = didYouMean(experiment, all);
    throw new InputError(
      location,
      null,
      `no run of experiment ${JSON.stringify(experiment)} in the history${near ? `; did you mean ${JSON.stringify(near)}?` : ''}${names.length ? ` (it holds ${names.join(', ')})` : ''}`,
    );
  }
  // The runs a baseline would hold (no PR run, no quarantined one): the noise the gate will meet.
  const records = comparableRuns(history, experiment, latest.fingerprint);
  const counts = new Map<string, number>();
  for (const r of own)
    if (r.fingerprint !== latest.fingerprint) counts.set(r.fingerprint, (counts.get(r.fingerprint) ?? 0) + 1);
  const classes = new Map<string, JudgedClass>();
  const unjudged = new Map<string, string>();
  for (const r of [...records].reverse()) {
    for (const [key, m] of Object.entries(r.metrics)) {
      const cls = classify(key, config);
      if (classes.has(key) || unjudged.has(key)) continue;
      if (!cls.gate || cls.kind === 'ignore' || m.kind === 'ignore' || m.direction === 'none')
        unjudged.set(key, whyNotJudged(cls.gate ? { ...cls, kind: m.kind, direction: m.direction } : cls));
      else classes.set(key, { kind: m.kind, direction: m.direction, unit: m.unit, minEffect: cls.minEffect });
    }
  }
  return {
    records,
    classes,
    fingerprint: latest.fingerprint,
    others: [...counts],
    warmupWhy: 'a history keeps no per-step series; calibrate from the runs’ files (--csv) to find it',
    unjudged: [...unjudged].map(([key, why]) => ({ key, why })),
  };
}
