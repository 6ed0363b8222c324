/**
 * The console's account of a cost that could not be computed: one line per reason, naming the runs, so
 * a batch of twenty runs without a duration says it once. Pure; the GPU stage prints them.
 */
import type { RunCost } from './cost.js';

export function costWarnings(costs: readonly { run: string; cost: RunCost }[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const { run, cost } of costs) {
    if (cost.cost !== null || !cost.costMissing.length) continue;
    const reason = cost.costMissing.join('; ');
    const runs = byReason.get(reason) ?? [];
    runs.push(run);
    byReason.set(reason, runs);
  }
  return [...byReason].map(([reason, runs]) => {
    const named = runs.filter(Boolean).map((r) => `"${r}"`);
    const who =
      named.length === 0
        ? ''
        : named.length <= 3
          ? ` for ${named.join(', ')}`
          : ` for ${named.slice(0, 3).join(', ')} and ${named.length - 3} more runs`;
    return `cost not computed${who}: ${reason}`;
  });
}
