/**
 * nvidia-smi `--query-gpu=… --format=csv[,nounits]` captures (and amd-smi metric CSVs, which share the shape):
 * a header, then one row per GPU per sample, GPUs interleaved. Tolerates what samplers really write:
 * `, ` separators, units in header or values, `[N/A]` cells, a header repeated after a restart, a line cut
 * off by a sampler still writing, and a last sample that covers only some GPUs.
 */
import { parse } from 'csv-parse/sync';
import { InputError } from '../../model.js';
import { columnName } from './column-name.js';
import { CSV_COLUMNS, CSV_IDENTITY, FIELD_UNIT, findCsvColumn } from './fields.js';
import { headerlessMessage } from './headerless.js';
import { GPU_FIELDS, SeriesBuilder, type GpuField, type GpuSamples } from './samples.js';
import { parseSampleTime } from './timestamp.js';
import { BadCell, parseCell } from './value.js';

interface Row {
  line: number;
  cells: string[];
}

/** What a capture says about itself beside the samples: found while reading, reported with them. */
interface Findings {
  warnings: string[];
  truncated: boolean;
}

/** The header's columns: the GPU fields found, and where the identity and time of a sample are. */
interface Columns {
  header: string[];
  format: GpuSamples['format'];
  present: { field: GpuField; column: number; unit: string }[];
  timeCol: number;
  /** The unit the time column's name states (`timestamp_ms`), or ''. */
  timeUnit: string;
  uuidCol: number;
  busCol: number;
  nameCol: number;
  indexCols: number[];
}

/** Parse the text of a GPU CSV. `source` names the file in messages. */
export function parseGpuCsv(source: string, text: string): GpuSamples {
  const findings: Findings = { warnings: [], truncated: false };
  const { records, lineOf } = readRecords(source, text, findings);
  const columns = columnsOf(source, records[0]!);
  const rows = dataRows(source, records, lineOf, findings);
  const gpus = seriesOf(source, rows, columns);
  if (columns.timeCol >= 0 && rows.length > 0) checkLastSample(source, rows, columns.timeCol, gpus.length, findings);
  return { source, format: columns.format, gpus, warnings: findings.warnings, truncated: findings.truncated };
}

/** The CSV's records with their line numbers; a half-written last line is dropped. */
function readRecords(source: string, text: string, findings: Findings): { records: string[][]; lineOf: number[] } {
  let body = text.replace(/\r\n/g, '\n');
  if (body.length > 0 && !body.endsWith('\n')) {
    // A sampler still writing leaves half a line: drop it rather than read a cut number as a value.
    const cut = body.lastIndexOf('\n');
    body = cut < 0 ? '' : body.slice(0, cut + 1);
    findings.truncated = true;
    findings.warnings.push(`${source}: the last line is incomplete (file still being written?); it was skipped`);
  }

  let records: string[][];
  // Line numbers for messages, kept beside the records: csv-parse's `info: true` copies an object per row.
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
  return { records, lineOf };
}

function columnsOf(source: string, header: string[]): Columns {
  const names = header.map(columnName);
  const keys = names.map((n) => n.key);
  const identity = (list: readonly string[]) => findCsvColumn(keys, list);
  const format = identity(['gfx_activity']) >= 0 || identity(['socket_power']) >= 0 ? 'amd-smi-csv' : 'nvidia-smi-csv';
  const present: Columns['present'] = [];
  for (const field of GPU_FIELDS) {
    const column = findCsvColumn(keys, CSV_COLUMNS[field]);
    if (column >= 0) present.push({ field, column, unit: names[column]!.unit });
  }
  if (present.length === 0) {
    throw new InputError(
      source,
      1,
      headerlessMessage(header) ??
        'no GPU metric columns in the header (expected some of utilization.gpu, memory.used, power.draw, temperature.gpu)',
    );
  }
  const timeCol = identity(CSV_IDENTITY.time);
  return {
    header,
    format,
    present,
    timeCol,
    timeUnit: timeCol >= 0 ? names[timeCol]!.unit : '',
    uuidCol: identity(CSV_IDENTITY.uuid),
    busCol: identity(CSV_IDENTITY.busId),
    nameCol: identity(CSV_IDENTITY.name),
    indexCols: CSV_IDENTITY.index.map((n) => identity([n])).filter((i) => i >= 0),
  };
}

/** The sample rows: a header repeated after a restart is skipped, and so is a cut last row. */
function dataRows(source: string, records: string[][], lineOf: number[], findings: Findings): Row[] {
  const header = records[0]!;
  const rows: Row[] = [];
  for (let r = 1; r < records.length; r++) {
    const record = records[r]!;
    const line = lineOf[r]!;
    if (record.length === header.length && record.every((c, i) => c === header[i])) continue;
    if (record.length !== header.length) {
      if (r === records.length - 1 && record.length < header.length) {
        findings.truncated = true;
        findings.warnings.push(
          `${source}:${line}: the last row has ${record.length} of ${header.length} fields (file still being written?); it was skipped`,
        );
        continue;
      }
      throw new InputError(source, line, `${record.length} fields, but the header has ${header.length}`);
    }
    rows.push({ line, cells: record });
  }
  return rows;
}

/**
 * Which column tells GPUs apart, by the most trustworthy identity, and which one labels them. A
 * device-number column that never varies is mislabeled.
 */
function identityColumns(rows: Row[], columns: Columns): { keyCol: number; labelCol: number } {
  const { uuidCol, busCol, indexCols } = columns;
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
  return { keyCol, labelCol: indexCols.find((c) => distinct(c) === gpuCount) ?? -1 };
}

function seriesOf(source: string, rows: Row[], columns: Columns): GpuSamples['gpus'] {
  const { header, present, timeCol, uuidCol, busCol, nameCol } = columns;
  const { keyCol, labelCol } = identityColumns(rows, columns);
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
    const time = timeCol >= 0 ? parseSampleTime(row.cells[timeCol]!, columns.timeUnit) : Number.NaN;
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
  return builder.series();
}

/** A last sample that covers only some GPUs is a sampler caught mid-write. */
function checkLastSample(source: string, rows: Row[], timeCol: number, gpus: number, findings: Findings): void {
  const lastTime = rows[rows.length - 1]!.cells[timeCol];
  let inLast = 0;
  for (let r = rows.length - 1; r >= 0 && rows[r]!.cells[timeCol] === lastTime; r--) inLast++;
  if (inLast < gpus) {
    findings.truncated = true;
    findings.warnings.push(
      `${source}: the last sample (${lastTime}) covers ${inLast} of ${gpus} GPUs (file still being written?)`,
    );
  }
}
