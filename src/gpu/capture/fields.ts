/**
 * Which column of a capture feeds which GpuField. CSV names are matched in the normal form of
 * column-name.ts (units taken off, words sorted, abbreviations spelled out), on both sides: the table
 * lists nvidia-smi's and amd-smi's own names, and `utilization_gpu_percent` or `gpu_util` find
 * `utilization.gpu` through the rule, not through a list of spellings. dmon's short names are matched as
 * written. Where several columns can feed one field, the first listed that the file has wins.
 */
import { columnKey } from './column-name.js';
import type { GpuField } from './samples.js';
import type { CellUnit } from './value.js';

export const FIELD_UNIT: Record<GpuField, CellUnit> = {
  util: 'percent',
  memUtil: 'percent',
  memUsedMiB: 'mebibytes',
  memTotalMiB: 'mebibytes',
  powerW: 'watts',
  tempC: 'celsius',
  smClockMHz: 'megahertz',
  smActive: 'percent',
  smOccupancy: 'percent',
  tensorActive: 'percent',
  dramActive: 'percent',
};

/** nvidia-smi --query-gpu names, and amd-smi metric names (gfx_activity is its GPU busy percent, umc_activity its memory one). */
export const CSV_COLUMNS: Record<GpuField, string[]> = {
  util: ['utilization.gpu', 'gfx_activity'],
  memUtil: ['utilization.memory', 'umc_activity'],
  memUsedMiB: ['memory.used', 'vram_used', 'used_vram'],
  memTotalMiB: ['memory.total', 'vram_total', 'total_vram'],
  powerW: ['power.draw', 'power.draw.average', 'power.draw.instant', 'socket_power'],
  tempC: ['temperature.gpu', 'hotspot', 'edge'],
  smClockMHz: ['clocks.sm', 'clocks.current.sm', 'gfx_0_clk'],
  smActive: ['sm_active'],
  smOccupancy: ['sm_occupancy'],
  tensorActive: ['tensor_active'],
  dramActive: ['dram_active'],
};

/** Identity columns of a long-format CSV (one row per GPU per sample). */
export const CSV_IDENTITY = {
  time: ['timestamp'],
  uuid: ['uuid', 'gpu_uuid'],
  busId: ['pci.bus_id', 'pci_bus_id', 'bdf'],
  name: ['name', 'gpu_name', 'market_name'],
  /** Device number columns; a file may have both and one of them may be wrong (see the gpu_glasses fixture). */
  index: ['index', 'gpu'],
} as const;

/** Position of the first of `names` among a CSV's normalised column keys, or -1. */
export function findCsvColumn(keys: string[], names: readonly string[]): number {
  return findColumn(keys, names.map(columnKey));
}

/** nvidia-smi dmon column names (`-s pucvmet`). `sm` is the same counter as utilization.gpu. */
export const DMON_COLUMNS: Record<GpuField, string[]> = {
  util: ['sm'],
  memUtil: ['mem'],
  memUsedMiB: ['fb'],
  memTotalMiB: [],
  powerW: ['pwr'],
  tempC: ['gtemp', 'temp'],
  smClockMHz: ['pclk'],
  smActive: [],
  smOccupancy: [],
  tensorActive: [],
  dramActive: [],
};

/** Position of the first of `names` in `keys`, or -1. */
export function findColumn(keys: string[], names: readonly string[]): number {
  for (const name of names) {
    const i = keys.indexOf(name);
    if (i >= 0) return i;
  }
  return -1;
}
