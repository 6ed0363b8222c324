/**
 * The driver and CUDA version nvidia-smi prints: its table's header (`Driver Version: 550.54.15   CUDA
 * Version: 12.4`), `nvidia-smi -q` (`Driver Version : 550.54.15`, `CUDA Version : 12.4`), or a
 * `--query-gpu` CSV with a `driver_version` column (the values in the rows given), or a GPU exporter's
 * scrape, whose labels carry them: dcgm-exporter's `DCGM_FI_DRIVER_VERSION="580.105.08"` on every series,
 * nvidia_gpu_exporter's `nvidia_smi_gpu_info{…,cuda_version="13.1",driver_version="590.48.01",…}`. nvidia-smi's CUDA
 * version is the newest the driver supports, not the toolkit a framework was built with (that comes from
 * the environment file, e.g. torch's `2.4.1+cu124`). Several GPUs or nodes that disagree give their values
 * sorted and joined by `,`.
 */

export interface DriverInfo {
  driver?: string;
  cuda?: string;
}

const VALUE = /^[0-9][0-9A-Za-z.+-]{0,40}$/;

/** Driver and CUDA version from nvidia-smi text or the head of a capture (CSV or scrape); empty when it says neither. */
export function driverInfo(text: string): DriverInfo {
  const out: DriverInfo = {};
  const driver =
    joinVersions(valuesAfter(text, /Driver Version\s*:\s*([^\s|]+)/g)) ??
    joinVersions(valuesAfter(text, /[{,](?:DCGM_FI_DRIVER_VERSION|driver_version)="([^"\n]*)"/g));
  const cuda =
    joinVersions(valuesAfter(text, /CUDA Version\s*:\s*([^\s|]+)/g)) ??
    joinVersions(valuesAfter(text, /[{,]cuda_version="([^"\n]*)"/g));
  const column = driver ?? joinVersions(csvColumn(text, 'driver_version'));
  if (column) out.driver = column;
  if (cuda) out.cuda = cuda;
  return out;
}

function valuesAfter(text: string, pattern: RegExp): string[] {
  return [...text.matchAll(pattern)].map((m) => m[1]!);
}

/** A column's cells in the CSV rows under the first header that names it (`driver_version`, any case, units after). */
function csvColumn(text: string, name: string): string[] {
  const names = (c: string) =>
    c
      .trim()
      .toLowerCase()
      .replace(/\./g, '_')
      .split(/[\s[(]/)[0] === name;
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((l) => l.split(',').some(names));
  if (at < 0) return [];
  const col = lines[at]!.split(',').findIndex(names);
  return lines
    .slice(at + 1)
    .map((l) => l.split(',')[col]?.trim() ?? '')
    .filter(Boolean);
}

/** Versions that look like versions, each once, sorted and joined by `,`; undefined when none does. */
export function joinVersions(values: readonly string[]): string | undefined {
  const kept = [...new Set(values.filter((v) => VALUE.test(v)))].sort();
  return kept.length ? kept.join(',') : undefined;
}
