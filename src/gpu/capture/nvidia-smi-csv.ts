/**
 * nvidia-smi `--query-gpu=… --format=csv[,nounits]` captures (and amd-smi metric CSVs, which share the shape):
 * a header, then one row per GPU per sample, GPUs interleaved. Tolerates what samplers really write:
 * `, ` separators, units in header or values, `[N/A]` cells, a header repeated after a restart, a line cut
 * off by a sampler still writing, and a last sample that covers only some GPUs.
 */
import { parse } from 'csv-parse/sync';
import { InputError } from '../../model.js';
import { headerUnit, metricKey } from '../../naming.js';
import { CSV_COLUMNS, CSV_IDENTITY, FIELD_UNIT, findColumn } from './fields.js';
import { GPU_FIELDS, SeriesBuilder, type GpuField, type GpuSamples } from './samples.js';
import { parseSampleTime } from './timestamp.js';
import { BadCell, parseCell } from './value.js';

interface Row {
  line: number;
  cells: string[];
}

/** Parse the text of a GPU CSV. `source` names the file in messages. */
export function parseGpuCsv(source: string, text: string): GpuSamples {
  const warnings: string[] = [];
  let truncated = false;
  let body = text.replace(/\r\n/g, '\n');
  if (body.length > 0 && !body.endsWith('\n')) {
    // A sampler still writing leaves half a line: drop it rather than read a cut number as a value.
    const cut = body.lastIndexOf('\n');
    body = cut < 0 ? '' : body.slice(0, cut + 1);
    truncated = true;
    warnings.push(`${source}: the last line is incomplete (file still being written?); it was skipped`);
  }

  let records: string[][];
  // Line numbers for messages, kept beside the records: csv-parse's `info: true` copies an object per row (3× slower).
  const lineOf: number[] = [];
  try {
    records = parse(body, {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      relax_quotes: true,
      on_record: (record: string[], context: { lines: number }) => {
        lineOf.push(context.lines);
        return record;
      },
    });
  } catch (err) {
    const e = err as { lines?: number; message: string };
    throw new InputError(source, e.lines ?? null, `not a readable CSV: ${e.message}`);
  }
  if (records.length === 0) throw new InputError(source, null, 'empty file: no header');

  const header = records[0]!;
  const keys = header.map((h) => metricKey(h));
  const format = keys.includes('gfx_activity') || keys.includes('socket_power') ? 'amd-smi-csv' : 'nvidia-smi-csv';

  const present: { field: GpuField; column: number; unit: string }[] = [];
  for (const field of GPU_FIELDS) {
    const column = findColumn(keys, CSV_COLUMNS[field]);
    if (column >= 0) present.push({ field, column, unit: headerUnit(header[column]!) });
  }
  if (present.length === 0) {
    throw new InputError(
      source,
      1,
      `no GPU metric columns in the header (expected some of utilization.gpu, memory.used, power.draw, temperature.gpu; captured with --format=csv,noheader? keep the header)`,
    );
  }
  const timeCol = findColumn(keys, CSV_IDENTITY.time);
  const uuidCol = findColumn(keys, CSV_IDENTITY.uuid);
  const busCol = findColumn(keys, CSV_IDENTITY.busId);
  const nameCol = findColumn(keys, CSV_IDENTITY.name);
  const indexCols = CSV_IDENTITY.index.map((n) => keys.indexOf(n)).filter((i) => i >= 0);

  const rows: Row[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r]!;
    const line = lineOf[r]!;
    if (record.length === header.length && record.every((c, i) => c === header[i])) continue; // header repeated after a restart
    if (record.length !== header.length) {
      if (r === records.length - 1 && record.length < header.length) {
        truncated = true;
        warnings.push(
          `${source}:${line}: the last row has ${record.length} of ${header.length} fields (file still being written?); it was skipped`,
        );
        continue;
      }
      throw new InputError(source, line, `${record.length} fields, but the header has ${header.length}`);
    }
    rows.push({ line, cells: record });
  }

  // Key GPUs by their most trustworthy identity. A device-number column that never varies is mislabeled.
  const distinctCounts = new Map<number, number>();
  const distinct = (col: number): number => {
    let n = distinctCounts.get(col);
    if (n === undefined) {
      n = new Set(rows.map((row) => row.cells[col])).size;
      distinctCounts.set(col, n);
    }
    return n;
  };
  const indexCol = indexCols.length ? indexCols.reduce((best, c) => (distinct(c) > distinct(best) ? c : best)) : -1;
  const keyCol = uuidCol >= 0 && distinct(uuidCol) > 0 ? uuidCol : busCol >= 0 ? busCol : indexCol;
  const gpuCount = keyCol >= 0 ? distinct(keyCol) : 1;
  const labelCol = indexCols.find((c) => distinct(c) === gpuCount) ?? -1;

  const builder = new SeriesBuilder(present.map((p) => p.field));
  for (const row of rows) {
    const cell = (col: number) => (col >= 0 ? row.cells[col]! : null);
    const values = present.map((p) => {
      try {
        return parseCell(row.cells[p.column]!, FIELD_UNIT[p.field], p.unit);
      } catch (err) {
        if (err instanceof BadCell)
          throw new InputError(source, row.line, `column "${header[p.column]}": ${err.message}`);
        throw err;
      }
    });
    const time = timeCol >= 0 ? parseSampleTime(row.cells[timeCol]!) : Number.NaN;
    if (timeCol >= 0 && Number.isNaN(time) && row.cells[timeCol] !== '') {
      throw new InputError(source, row.line, `"${row.cells[timeCol]}" is not a time`);
    }
    const key = cell(keyCol) ?? '0';
    builder.add(
      key,
      {
        label: labelCol >= 0 ? cell(labelCol) : String(builder.size),
        uuid: cell(uuidCol),
        name: cell(nameCol),
        busId: cell(busCol),
      },
      time,
      values,
    );
  }

  const gpus = builder.series();
  if (timeCol >= 0 && rows.length > 0) {
    const lastTime = rows[rows.length - 1]!.cells[timeCol];
    let inLast = 0;
    for (let r = rows.length - 1; r >= 0 && rows[r]!.cells[timeCol] === lastTime; r--) inLast++;
    if (inLast < gpus.length) {
      truncated = true;
      warnings.push(
        `${source}: the last sample (${lastTime}) covers ${inLast} of ${gpus.length} GPUs (file still being written?)`,
      );
    }
  }
  return { source, format, gpus, warnings, truncated };
}
