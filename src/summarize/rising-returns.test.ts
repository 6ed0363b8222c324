import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/index.js';
import { tableFromColumns } from '../ingest/table-from-columns.js';
import { summarizeRun } from './index.js';

const steps = Array.from({ length: 120 }, (_, i) => 1000 * (i + 1));
const fallThenRise = steps.map(
  (_, i) => (i < 40 ? 4 - i * 0.08 : 0.8 + (i - 40) * 0.2) * (1 + 0.05 * Math.sin(i * 1.3)),
);

async function summary(columns: Record<string, number[]>) {
  const table = tableFromColumns('progress.csv', steps, columns);
  return summarizeRun({ name: 'r', experiment: 'e', tags: {}, fingerprint: {}, table }, DEFAULT_CONFIG);
}

describe('a loss that rises as the returns grow', () => {
  it('is not called diverged while the run’s return improves, and the warnings say why', async () => {
    const rising = steps.map((_, i) => -20 + i * 0.3);
    const s = await summary({ 'train/value_loss': fallThenRise, 'rollout/ep_rew_mean': rising });
    expect(s.metrics.find((m) => m.name === 'train/value_loss')!.loss!.divergence).toBeNull();
    expect(s.warnings.join('\n')).toMatch(
      /"train\/value_loss" rose from step \d+ while "rollout\/ep_rew_mean" improved \(.* → .*\): an RL loss grows with the returns/,
    );
  });

  it('is diverged where the return did not improve over the rise, or there is none', async () => {
    const flat = steps.map((_, i) => -12 + 0.01 * Math.sin(i));
    const withFlat = await summary({ 'train/value_loss': fallThenRise, 'rollout/ep_rew_mean': flat });
    expect(withFlat.metrics.find((m) => m.name === 'train/value_loss')!.loss!.divergence).not.toBeNull();
    const alone = await summary({ loss: fallThenRise });
    expect(alone.metrics[0]!.loss!.divergence).not.toBeNull();
  });
});
