/**
 * `nvidia-smi dmon` output: whitespace-aligned columns under two `#` lines (names, then units), repeated
 * every so often; one row per GPU per interval. Times only with `-o T`/`-o DT` (columns Date, Time).
 */
import { InputError } from '../../model.js';
import { DMON_COLUMNS, FIELD_UNIT, findColumn } from './fields.js';
import { GPU_FIELDS, SeriesBuilder, type GpuField, type GpuSamples } from './samples.js';
import { parseSampleTime } from './timestamp.js';
import { BadCell, parseCell } from './value.js';

/** Does this text look like dmon output? (a `# gpu` or `#Date` name line first) */
export function looksLikeDmon(text: string): boolean {
  const first = text.split('\n', 1)[0] ?? '';
  return /^#\s*(gpu|date|time)\b/i.test(first) && !first.includes(',');
}

export function parseDmon(source: string, text: string): GpuSamples {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const warnings: string[] = [];
  let truncated = false;
  if (lines.length > 0 && lines[lines.length - 1] !== '') {
    truncated = true;
    warnings.push(`${source}:${lines.length}: the last line is incomplete (file still being written?); it was skipped`);
  }
  lines.pop(); // '' after the final newline, or the cut line

  let names: string[] | null = null;
  let units: string[] | null = null;
  let present: { field: GpuField; column: number; unit: string }[] = [];
  let gpuCol = -1;
  let dateCol = -1;
  let timeCol = -1;
  let builder: SeriesBuilder | null = null;

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const lineNo = i + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const words = line.slice(1).trim().split(/\s+/);
      if (names === null) {
        names = words.map((w) => w.toLowerCase());
        for (const field of GPU_FIELDS) {
          const column = findColumn(names, DMON_COLUMNS[field]);
          if (column >= 0) present.push({ field, column, unit: '' });
        }
        gpuCol = names.indexOf('gpu');
        dateCol = names.indexOf('date');
        timeCol = names.indexOf('time');
        if (present.length === 0)
          throw new InputError(source, lineNo, 'dmon header names no column we read (sm, mem, fb, pwr, gtemp, pclk)');
        builder = new SeriesBuilder(present.map((p) => p.field));
      } else if (units === null) {
        units = words;
        present = present.map((p) => ({ ...p, unit: units![p.column] ?? '' }));
      }
      continue; // later '#' lines repeat the header
    }
    if (names === null || builder === null)
      throw new InputError(source, lineNo, 'data before the "# gpu …" header line');
    const cells = line.split(/\s+/);
    if (cells.length !== names.length)
      throw new InputError(source, lineNo, `${cells.length} columns, but the header names ${names.length}`);
    const values = present.map((p) => {
      try {
        return parseCell(cells[p.column]!, FIELD_UNIT[p.field], p.unit);
      } catch (err) {
        if (err instanceof BadCell)
          throw new InputError(source, lineNo, `column "${names![p.column]}": ${err.message}`);
        throw err;
      }
    });
    const time =
      timeCol >= 0
        ? parseSampleTime(dateCol >= 0 ? `${cells[dateCol]} ${cells[timeCol]}` : `19700101 ${cells[timeCol]}`)
        : Number.NaN;
    const key = gpuCol >= 0 ? cells[gpuCol]! : '0';
    builder.add(key, { label: key }, time, values);
  }
  if (builder === null) throw new InputError(source, null, 'no dmon header line ("# gpu pwr …")');
  return { source, format: 'nvidia-smi-dmon', gpus: builder.series(), warnings, truncated };
}
