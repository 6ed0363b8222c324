/**
 * Simulated training runs for the gate benchmark, as Tables the real summarizer reads.
 *
 * Per run: a run-level speed factor (1 + N(0, runCv)) for the node/network/thermal luck of the draw; per
 * step, AR(1) noise eₜ = φ·eₜ₋₁ + √(1−φ²)·σ·zₜ (stationary CV σ, strongly autocorrelated as real steps
 * are); a linear warm-up over the first steps; a checkpoint stall (step time ×3) every `stallEvery`
 * steps. Step time is derived from MFU (same work per step), TFLOP/s is MFU × peak. Loss follows a power
 * law with a small run-level offset and per-step batch noise. Memory is near-deterministic.
 */
import { tableFromColumns } from '../../src/ingest/table-from-columns.js';
import type { RunInput } from '../../src/model.js';
import { mulberry32 } from '../random.js';

export interface RunSpec {
  steps: number;
  /** Multiplies the true MFU (0.95 = a 5 % slow-down). */
  speed: number;
  /** Multiplies the loss (1.02 = 2 % worse). */
  lossFactor: number;
  /** Multiplies memory. */
  memoryFactor: number;
  /** A NaN loss token at this step. */
  nanAt?: number;
  /** Loss grows exponentially from this step. */
  divergeAt?: number;
  /** The run stops after this many steps. */
  stopAt?: number;
  /** Its file ends inside a row (a crash), as opposed to a clean end. */
  cutOff?: boolean;
  /** Run-to-run CV of the speed, when not SIM.runCv (a noisier cluster). */
  runCv?: number;
  /** Per-batch loss noise as the σ of a lognormal factor, when not SIM.lossStepCv (small, noisy batches). */
  lossNoise?: number;
  /**
   * An eval accuracy logged every SIM.evalEvery steps, multiplied by this (0.98 = 2 % worse); absent, the
   * run logs none (the scenarios before it keep their draws).
   */
  accuracy?: number;
}

export const NORMAL_RUN: RunSpec = { steps: 400, speed: 1, lossFactor: 1, memoryFactor: 1 };

export const SIM = {
  mfu: 0.42,
  /** Step time in seconds at SIM.mfu. */
  stepSeconds: 1.8,
  runCv: 0.01,
  phi: 0.8,
  stepCv: 0.02,
  warmup: 20,
  stallEvery: 100,
  stallFactor: 3,
  peakTflops: 989,
  lossRunCv: 0.002,
  lossStepCv: 0.01,
  memoryMiB: 61_440,
  /** Eval accuracy: every this many steps, its plateau, its run-to-run and per-eval CVs. */
  evalEvery: 50,
  accuracy: 0.78,
  accuracyRunCv: 0.004,
  accuracyEvalCv: 0.003,
};

/** The eval accuracy curve before noise: it climbs to its plateau as the loss falls. */
export function accuracyCurve(step: number): number {
  return SIM.accuracy * (1 - Math.exp(-step / 80));
}

/** Deterministic generator: mulberry32 uniform, Box–Muller normal. */
export class Rng {
  private spare: number | null = null;
  readonly uniform: () => number;
  constructor(seed: number) {
    this.uniform = mulberry32(seed);
  }
  normal(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/**
 * A run's per-step speed noise, AR(1): eₜ = φ·eₜ₋₁ + √(1−φ²)·σ·zₜ, stationary CV σ = SIM.stepCv. `value` is
 * the current step's; the first is drawn on construction, `next()` draws the following one.
 */
export class StepNoise {
  value: number;
  private readonly innovation: number;
  constructor(private readonly rng: Rng) {
    this.value = SIM.stepCv * rng.normal();
    this.innovation = Math.sqrt(1 - SIM.phi ** 2) * SIM.stepCv;
  }
  next(): number {
    this.value = SIM.phi * this.value + this.innovation * this.rng.normal();
    return this.value;
  }
}

/** The speed factor of warm-up at a step: linear from 0.3 to 1 over the first SIM.warmup steps. */
export function warmUp(step: number): number {
  return step <= SIM.warmup ? 0.3 + (0.7 * step) / SIM.warmup : 1;
}

/** A step's time factor from the checkpoint stall (every SIM.stallEvery steps), 1 between stalls. */
export function checkpointStall(step: number): number {
  return step % SIM.stallEvery === 0 ? SIM.stallFactor : 1;
}

/** The loss curve before run-level and batch noise. */
export function lossCurve(step: number): number {
  return 1.8 + 8 * (step + 10) ** -0.35;
}

/** One batch's loss factor: 1 + N(0, SIM.lossStepCv), or lognormal with σ = spec.lossNoise. */
export function lossNoise(spec: Pick<RunSpec, 'lossNoise'>, rng: Rng): number {
  return spec.lossNoise === undefined ? 1 + SIM.lossStepCv * rng.normal() : Math.exp(spec.lossNoise * rng.normal());
}

export function simulateRun(name: string, spec: RunSpec, rng: Rng): RunInput {
  const n = spec.stopAt ?? spec.steps;
  const steps = new Float64Array(n);
  const mfu = new Float64Array(n);
  const stepTime = new Float64Array(n);
  const tflops = new Float64Array(n);
  const loss = new Float64Array(n);
  const memory = new Float64Array(n);
  const lr = new Float64Array(n);
  const runFactor = 1 + (spec.runCv ?? SIM.runCv) * rng.normal();
  const lossOffset = 1 + SIM.lossRunCv * rng.normal();
  const memoryBase = SIM.memoryMiB * spec.memoryFactor + Math.round(rng.normal() * 2);
  const noise = new StepNoise(rng);
  const nanTokens: number[] = [];
  for (let i = 0; i < n; i++) {
    const step = i + 1;
    steps[i] = step;
    const e = i > 0 ? noise.next() : noise.value;
    const m = (SIM.mfu * spec.speed * runFactor * (1 + e) * warmUp(step)) / checkpointStall(step);
    mfu[i] = m;
    stepTime[i] = (SIM.stepSeconds * SIM.mfu) / m;
    tflops[i] = m * SIM.peakTflops;
    let l = lossCurve(step) * lossOffset * spec.lossFactor * lossNoise(spec, rng);
    if (spec.divergeAt !== undefined && step >= spec.divergeAt) l *= Math.exp((step - spec.divergeAt) / 15);
    loss[i] = l;
    if (spec.nanAt === step) {
      loss[i] = Number.NaN;
      nanTokens.push(i);
    }
    memory[i] = memoryBase + (step <= SIM.warmup ? -2048 : 0);
    lr[i] = 3e-4 * Math.min(1, step / SIM.warmup);
  }
  const columns: Record<string, Float64Array> = {
    'train.lm_loss': loss,
    MFU: mfu,
    Tflops: tflops,
    step_time: stepTime,
    'memory.max_allocated [MiB]': memory,
    learning_rate: lr,
  };
  // From a stream of its own, after every other draw: runs without it keep theirs.
  if (spec.accuracy !== undefined) {
    const own = new Rng(Math.floor(rng.uniform() * 2 ** 32));
    const offset = 1 + SIM.accuracyRunCv * own.normal();
    columns.eval_accuracy = steps.map((step) =>
      step % SIM.evalEvery === 0
        ? accuracyCurve(step) * offset * spec.accuracy! * (1 + SIM.accuracyEvalCv * own.normal())
        : Number.NaN,
    );
  }
  const table = tableFromColumns(`${name}.csv`, steps, columns, { nanTokens: { 'train.lm_loss': nanTokens } });
  if (spec.cutOff) table.truncated.value = true;
  return { name, experiment: 'sim', tags: {}, fingerprint: { gpu: 'H100', world_size: '8' }, table };
}
