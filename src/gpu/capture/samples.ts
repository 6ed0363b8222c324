/**
 * GPU telemetry as read from a sampler's file: one series per GPU, values aligned with sample times.
 * Units are fixed whatever the source wrote, so summaries never guess: percent 0–100 for every activity
 * field (DCGM's 0–1 ratios are scaled), MiB for memory, watts, degrees Celsius, MHz.
 */

/** The fields we keep. Anything else in a capture is ignored. */
export type GpuField =
  /** utilization.gpu / DCGM_FI_DEV_GPU_UTIL: percent of time a kernel ran — says nothing about how much of the GPU it used. */
  | 'util'
  /** utilization.memory: percent of time memory was read or written. */
  | 'memUtil'
  | 'memUsedMiB'
  | 'memTotalMiB'
  | 'powerW'
  | 'tempC'
  | 'smClockMHz'
  /** DCGM_FI_PROF_SM_ACTIVE: percent of SMs with a warp resident, averaged over time — the honest "busy". */
  | 'smActive'
  | 'smOccupancy'
  | 'tensorActive'
  | 'dramActive';

export const GPU_FIELDS: readonly GpuField[] = [
  'util',
  'memUtil',
  'memUsedMiB',
  'memTotalMiB',
  'powerW',
  'tempC',
  'smClockMHz',
  'smActive',
  'smOccupancy',
  'tensorActive',
  'dramActive',
];

/** One GPU's samples. */
export interface GpuSeries {
  /** The label used in tags (`gpu:<label>`): the device index where the file has a usable one, else its position. */
  label: string;
  uuid: string | null;
  name: string | null;
  busId: string | null;
  /** Sample times in ms since the epoch; NaN where the capture has no time (dmon without -o T). */
  times: number[];
  /** Per field, one value per sample (NaN when the sampler wrote [N/A] or nothing); absent when the capture lacks the field. */
  fields: Partial<Record<GpuField, number[]>>;
}

export type GpuSourceFormat = 'nvidia-smi-csv' | 'nvidia-smi-dmon' | 'amd-smi-csv' | 'prometheus';

export interface GpuSamples {
  source: string;
  format: GpuSourceFormat;
  gpus: GpuSeries[];
  /** Non-fatal findings: a cut last line, a partial last sample, unknown units. */
  warnings: string[];
  /** True when the file ended inside a line or inside a sample (a sampler still writing). */
  truncated: boolean;
}

/** Collects rows keyed by GPU into series, in first-seen order. */
export class SeriesBuilder {
  private readonly byKey = new Map<string, GpuSeries>();

  constructor(private readonly fields: readonly GpuField[]) {}

  /** Append one sample for GPU `key`. `values` holds the fields given to the constructor, in order. */
  add(
    key: string,
    identity: { label?: string | null; uuid?: string | null; name?: string | null; busId?: string | null },
    time: number,
    values: number[],
  ): void {
    let series = this.byKey.get(key);
    if (!series) {
      series = {
        label: identity.label ?? key,
        uuid: identity.uuid ?? null,
        name: identity.name ?? null,
        busId: identity.busId ?? null,
        times: [],
        fields: Object.fromEntries(this.fields.map((f) => [f, [] as number[]])),
      };
      this.byKey.set(key, series);
    }
    series.times.push(time);
    for (const [i, f] of this.fields.entries()) series.fields[f]!.push(values[i]!);
  }

  get size(): number {
    return this.byKey.size;
  }

  series(): GpuSeries[] {
    return [...this.byKey.values()];
  }
}
