/** What the culprit range and `check --bisect` need from the run: its commit, its branch, its metrics' minimum effects. */
import { defaultClass } from '../classify/defaults.js';
import type { GateConfig } from '../gate/config.js';
import { historyBeforeFirstBad, type CulpritContext } from '../gate/culprit.js';
import type { HistoryRecord, RunSummary } from '../model.js';
import { branchType, metricKey } from '../naming.js';
import { compareUrl } from '../report/render/compare-link.js';
import type { RunContext } from './run-context.js';

function minEffects(s: RunSummary): (key: string) => number {
  const byKey = new Map(s.metrics.map((m) => [metricKey(m.name), m.class.minEffect]));
  return (key) => byKey.get(key) ?? defaultClass(key).minEffect;
}

/** `sha`: the commit this run measured (currentCommit). */
export function culpritContext(s: RunSummary, options: RunContext['options'], sha: string): CulpritContext {
  const { github } = options;
  return {
    current: {
      run: s.name,
      runId: options.runId ?? github.runId,
      sha,
      recordedAt: new Date().toISOString(),
    },
    onDefaultBranch: branchType(github) === 'main',
    minEffect: minEffects(s),
    compare: (good, bad) => compareUrl(github.serverUrl, github.repository, good, bad),
  };
}

/** The history before the first bad run, over the metrics this run is judged on. */
export function bisectHistory(s: RunSummary, history: readonly HistoryRecord[], config: GateConfig) {
  const keys = s.metrics.filter((m) => m.class.gate && m.class.direction !== 'none').map((m) => metricKey(m.name));
  return historyBeforeFirstBad(history, keys, config, minEffects(s));
}
