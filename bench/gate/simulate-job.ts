/**
 * Simulated multi-rank jobs for the gate benchmark: per rank the table its own file would hold, merged
 * into the job's table by the real mergeRankTables, as `openRun` merges a job's files.
 *
 * Per job: a speed factor 1 + N(0, SIM.runCv) its ranks share (the same nodes, network and luck of the
 * draw); per rank its own AR(1) step noise (StepNoise, the single-run simulator's model); warm-up and the
 * checkpoint stalls are the job's. Each rank logs its own step time (its work up to the all-reduce); MFU
 * and TFLOP/s follow the job's pace, the slowest rank's step time, which every rank waits for. One rank is
 * a straggler: its step time × (1 + level) × slowdown from step `slowFrom` on. The loss is all-reduced (one
 * value on every rank); memory differs by a few MiB from rank to rank.
 */
import { classify } from '../../src/classify/index.js';
import { DEFAULT_CONFIG } from '../../src/config/index.js';
import { tableFromColumns } from '../../src/ingest/index.js';
import type { RunInput } from '../../src/model.js';
import { mergeRankTables } from '../../src/ranks/index.js';
import { checkpointStall, lossCurve, lossNoise, type Rng, SIM, StepNoise, warmUp } from './simulate.js';

export interface JobSpec {
  ranks: number;
  steps: number;
  /** The slow rank. */
  straggler: number;
  /** Its usual excess over the others' step time (0.15 = 15 % slower). */
  level: number;
  /** Multiplies its step time beyond that (1.1 = its slowdown grew by 10 % of its step time). */
  slowdown: number;
  /** The first step it is slow at (1: throughout). */
  slowFrom: number;
}

export function simulateJob(name: string, spec: JobSpec, rng: Rng): RunInput {
  const n = spec.steps;
  const K = spec.ranks;
  const steps = Float64Array.from({ length: n }, (_, i) => i + 1);
  const jobFactor = 1 + SIM.runCv * rng.normal();
  const lossOffset = 1 + SIM.lossRunCv * rng.normal();
  const times = Array.from({ length: K }, (_, r) => {
    const noise = new StepNoise(rng);
    const slow = (1 + spec.level) * spec.slowdown;
    return Float64Array.from(steps, (step, i) => {
      const e = i > 0 ? noise.next() : noise.value;
      const straggling = r === spec.straggler && step >= spec.slowFrom ? slow : 1;
      return (SIM.stepSeconds * checkpointStall(step) * straggling) / (jobFactor * (1 + e) * warmUp(step));
    });
  });
  const pace = Float64Array.from(steps, (_, i) => Math.max(...times.map((t) => t[i]!)));
  const mfu = Float64Array.from(pace, (t) => (SIM.mfu * SIM.stepSeconds) / t);
  const tflops = Float64Array.from(mfu, (m) => m * SIM.peakTflops);
  const loss = Float64Array.from(steps, (step) => lossCurve(step) * lossOffset * lossNoise({}, rng));
  const lr = Float64Array.from(steps, (step) => 3e-4 * Math.min(1, step / SIM.warmup));
  const tables = times.map((stepTime, r) => {
    const memoryBase = SIM.memoryMiB + Math.round(rng.normal() * 2);
    const memory = Float64Array.from(steps, (step) => memoryBase + (step <= SIM.warmup ? -2048 : 0));
    return {
      rank: String(r),
      table: tableFromColumns(`${name}/metrics_rank_${r}.csv`, steps, {
        'train.lm_loss': loss,
        MFU: mfu,
        Tflops: tflops,
        step_time: stepTime,
        'memory.max_allocated [MiB]': memory,
        learning_rate: lr,
      }),
    };
  });
  const merged = mergeRankTables(`${name}/metrics_rank_*.csv`, tables, {
    classify: (column) => classify(column, DEFAULT_CONFIG),
    summary: DEFAULT_CONFIG.summary,
  });
  return {
    name,
    experiment: 'sim',
    tags: {},
    fingerprint: { gpu: 'H100', world_size: String(K), ranks: String(K) },
    table: merged.table,
    ranks: merged.ranks,
  };
}
