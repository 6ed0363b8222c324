import { describe, expect, it } from 'vitest';
import { msLeft, sinkBudget, withinBudget } from './budget.js';

describe('the sink budget', () => {
  it('gives up on work that never ends once the deadline passes', async () => {
    const budget = sinkBudget(0.2);
    const started = Date.now();
    const never = new Promise<string>(() => {});
    expect(await withinBudget(budget, never, 'abandoned')).toBe('abandoned');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(150);
    // Work that never ends would never return; the loose bound only keeps a loaded machine from failing it.
    expect(took).toBeLessThan(10_000);
    expect(msLeft(budget)).toBe(0);
  });

  it("returns the work's value when it ends in time", async () => {
    expect(await withinBudget(sinkBudget(5), Promise.resolve('sent'), 'abandoned')).toBe('sent');
  });
});
