import { describe, expect, it } from 'vitest';
import { CellKind } from '../../src/ingest/csv/cell.js';
import { LiveMetrics } from '../../src/watch/live-metrics.js';
import { WatchState } from '../../src/watch/state/watch-state.js';

const rules = { rules: [], warmupSteps: 10, collapseBelow: 0.5, baselineLevel: () => null };

/** A gauge's value in the registry's text, by name. */
async function gauge(metrics: LiveMetrics, name: string): Promise<number> {
  const text = await metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`training_metrics_watch_${name}{`));
  return Number(line?.split(' ').at(-1));
}

describe('live /metrics between looks', () => {
  it('seconds since the last step and ranks active follow the clock at each scrape, with no look in between', async () => {
    let now = 1_000_000;
    const state = new WatchState(rules, 60_000, () => now);
    const rank = state.addRank('');
    rank.layout(['loss']);
    rank.row(1, Float64Array.of(2.5), Uint8Array.of(CellKind.Number));
    const metrics = new LiveMetrics({ experiment: 'e', run: 'r' }, false, state);
    now += 5_000;
    expect(await gauge(metrics, 'seconds_since_last_step')).toBe(5);
    expect(await gauge(metrics, 'ranks_active')).toBe(1);
    // Past stall-after without a new step: no longer active, though nothing was read.
    now += 60_000;
    expect(await gauge(metrics, 'seconds_since_last_step')).toBe(65);
    expect(await gauge(metrics, 'ranks_active')).toBe(0);
    expect(await gauge(metrics, 'step')).toBe(1);
  });
});
