/**
 * `--gpu-poll`: nvidia-smi asked for one sample every interval while the command runs, read by the same
 * reader as a captured nvidia-smi CSV (src/gpu/capture), so its header spellings and units are handled
 * in one place. Where nvidia-smi is absent it says so once and stops: the GPU series are then absent.
 */
import { execFile } from 'node:child_process';
import { parseGpuCsv } from '../gpu/capture/nvidia-smi-csv.js';
import { DEFAULT_QUERY } from '../gpu/monitor/sampler.js';
import { childEnvironment } from './child.js';

/** The latest sample of one GPU, as nvidia-smi reports it (percent, MiB, W, °C); NaN where it said [N/A]. */
export interface GpuSample {
  gpu: string;
  utilPercent: number;
  memUsedMiB: number;
  powerW: number;
  tempC: number;
}

/** One nvidia-smi answer → the latest sample per GPU. */
export function latestGpuSamples(text: string): GpuSample[] {
  const samples = parseGpuCsv('nvidia-smi', text);
  const last = (values: number[] | undefined) => (values?.length ? values[values.length - 1]! : Number.NaN);
  return samples.gpus.map((g) => ({
    gpu: g.label,
    utilPercent: last(g.fields.util),
    memUsedMiB: last(g.fields.memUsedMiB),
    powerW: last(g.fields.powerW),
    tempC: last(g.fields.tempC),
  }));
}

export class GpuPoller {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;

  constructor(
    private readonly intervalMs: number,
    private readonly onSample: (samples: GpuSample[]) => void,
    private readonly warn: (message: string) => void,
    private readonly program = 'nvidia-smi',
  ) {}

  start(): void {
    void this.poll();
    this.timer = setInterval(() => void this.poll(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async poll(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      const text = await this.query();
      if (text !== null && !this.stopped) this.onSample(latestGpuSamples(text));
    } catch (e) {
      // A capture nvidia-smi wrote half of, or a driver hiccup: the next poll tries again.
      this.warn(`gpu-poll: ${(e as Error).message.split('\n')[0]}`);
    } finally {
      this.busy = false;
    }
  }

  /**
   * nvidia-smi's own table, asked for once: its header names the driver and the CUDA version the run's
   * environment records (src/environment/nvidia-smi-text.ts). Null when nvidia-smi is absent or fails.
   */
  identity(): Promise<string | null> {
    return new Promise((resolve) => {
      execFile(
        this.program,
        [],
        { timeout: Math.max(5_000, this.intervalMs), env: childEnvironment(process.env) },
        (err, stdout) => resolve(err ? null : stdout),
      );
    });
  }

  /** nvidia-smi's CSV; null (and polling stopped) when there is no nvidia-smi. */
  private query(): Promise<string | null> {
    return new Promise((resolve, reject) => {
      execFile(
        this.program,
        [`--query-gpu=${DEFAULT_QUERY}`, '--format=csv,nounits'],
        { timeout: Math.max(5_000, this.intervalMs), env: childEnvironment(process.env) },
        (err, stdout) => {
          if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
            this.warn(`gpu-poll: ${this.program} not found on PATH; no GPU series`);
            this.stop();
            resolve(null);
          } else if (err) reject(err);
          else resolve(stdout);
        },
      );
    });
  }
}
