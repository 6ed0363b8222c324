/**
 * One cell of a GPU capture as a number in our fixed units (see samples.ts).
 * nvidia-smi writes `96 %`, `17304 MiB`, `631.95 W` (or bare numbers with `nounits`, the unit then in the
 * header), and `[N/A]`, `[Not Supported]`, `[Requested functionality has been deprecated]` where it has no value;
 * amd-smi writes `N/A`; dmon writes `-`.
 */

/** Thrown for a cell that is neither a number nor a known "no value" marker; the reader adds file and line. */
export class BadCell extends Error {}

const NO_VALUE = /^(\[.*\]|n\/a|na|-|none|unknown|not supported|)$/i;
/** `\d+(?:\.\d*)?`, not `\d+\.?\d*`: one way to match a run of digits, so a failing match is linear. */
const NUMBER_UNIT = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*([a-z%°/]*)$/i;

/**
 * Factors to MiB. KB, MB and GB are binary here, as in the metric CSVs (classify/defaults.ts): GPU tools
 * count memory in MiB and older nvidia-smi and dmon label it "MB".
 */
const MEMORY: Record<string, number> = {
  b: 1 / 1048576,
  bytes: 1 / 1048576,
  kib: 1 / 1024,
  kb: 1 / 1024,
  mib: 1,
  mb: 1,
  gib: 1024,
  gb: 1024,
};

export type CellUnit = 'percent' | 'mebibytes' | 'watts' | 'celsius' | 'megahertz';

/**
 * Parse a cell. `unit` is what the field is kept in; `headerUnit` the unit written in the header (used when the
 * cell has none). Returns NaN for "no value"; throws BadCell for anything else that is not a number.
 */
export function parseCell(text: string, unit: CellUnit, headerUnit = ''): number {
  const cell = text.trim();
  if (NO_VALUE.test(cell)) return Number.NaN;
  const m = NUMBER_UNIT.exec(cell);
  if (!m) throw new BadCell(`"${cell}" is not a number`);
  const value = Number(m[1]);
  const written = (m[2] || headerUnit).toLowerCase();
  if (unit === 'mebibytes') {
    const factor = written ? MEMORY[written] : 1;
    if (factor === undefined) throw new BadCell(`"${cell}": unknown memory unit ${written}`);
    return value * factor;
  }
  if (unit === 'watts') return written === 'mw' ? value / 1000 : written === 'kw' ? value * 1000 : value;
  if (unit === 'megahertz') {
    if (written === 'ghz') return value * 1000;
    if (written === 'hz') return value / 1e6;
    return value;
  }
  return value;
}
