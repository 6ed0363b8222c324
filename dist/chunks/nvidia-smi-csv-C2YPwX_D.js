import { parse } from './sync-DjlYNjSm.js';
import { ap as parseSampleTime, I as InputError, au as columnName, av as findCsvColumn, aw as CSV_IDENTITY, ao as FIELD_UNIT, ax as CSV_COLUMNS } from './postgres-url-BezLfty4.js';

/**
 * GPU telemetry as read from a sampler's file: one series per GPU, values aligned with sample times.
 * Units are fixed whatever the source wrote, so summaries never guess: percent 0–100 for every activity
 * field (DCGM's 0–1 ratios are scaled), MiB for memory, watts, degrees Celsius, MHz.
 */
const GPU_FIELDS = [
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
/** Collects rows keyed by GPU into series, in first-seen order. */
class SeriesBuilder {
    fields;
    byKey = new Map();
    constructor(fields) {
        this.fields = fields;
    }
    /** Append one sample for GPU `key`. `values` holds the fields given to the constructor, in order. */
    add(key, identity, time, values) {
        let series = this.byKey.get(key);
        if (!series) {
            series = {
                label: identity.label ?? key,
                uuid: identity.uuid ?? null,
                name: identity.name ?? null,
                busId: identity.busId ?? null,
                times: [],
                fields: Object.fromEntries(this.fields.map((f) => [f, []])),
            };
            this.byKey.set(key, series);
        }
        series.times.push(time);
        for (const [i, f] of this.fields.entries())
            series.fields[f].push(values[i]);
    }
    get size() {
        return this.byKey.size;
    }
    series() {
        return [...this.byKey.values()];
    }
}

/**
 * One cell of a GPU capture as a number in our fixed units (see samples.ts).
 * nvidia-smi writes `96 %`, `17304 MiB`, `631.95 W` (or bare numbers with `nounits`, the unit then in the
 * header), and `[N/A]`, `[Not Supported]`, `[Requested functionality has been deprecated]` where it has no value;
 * amd-smi writes `N/A`; dmon writes `-`.
 */
/** Thrown for a cell that is neither a number nor a known "no value" marker; the reader adds file and line. */
class BadCell extends Error {
}
const NO_VALUE = /^(\[.*\]|n\/a|na|-|none|unknown|not supported|)$/i;
/** `\d+(?:\.\d*)?`, not `\d+\.?\d*`: one way to match a run of digits, so a failing match is linear. */
const NUMBER_UNIT = /^([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)\s*([a-z%°/]*)$/i;
/**
 * Factors to MiB. KB, MB and GB are binary here, as in the metric CSVs (classify/defaults.ts): GPU tools
 * count memory in MiB and older nvidia-smi and dmon label it "MB".
 */
const MEMORY = {
    b: 1 / 1048576,
    bytes: 1 / 1048576,
    kib: 1 / 1024,
    kb: 1 / 1024,
    mib: 1,
    mb: 1,
    gib: 1024,
    gb: 1024,
};
/**
 * Parse a cell. `unit` is what the field is kept in; `headerUnit` the unit written in the header (used when the
 * cell has none). Returns NaN for "no value"; throws BadCell for anything else that is not a number.
 */
function parseCell(text, unit, headerUnit = '') {
    const cell = text.trim();
    if (NO_VALUE.test(cell))
        return Number.NaN;
    const m = NUMBER_UNIT.exec(cell);
    if (!m)
        throw new BadCell(`"${cell}" is not a number`);
    const value = Number(m[1]);
    const written = (m[2] || headerUnit).toLowerCase();
    if (unit === 'mebibytes') {
        const factor = written ? MEMORY[written] : 1;
        if (factor === undefined)
            throw new BadCell(`"${cell}": unknown memory unit ${written}`);
        return value * factor;
    }
    if (unit === 'watts')
        return written === 'mw' ? value / 1000 : written === 'kw' ? value * 1000 : value;
    if (unit === 'megahertz') {
        if (written === 'ghz')
            return value * 1000;
        if (written === 'hz')
            return value / 1e6;
        return value;
    }
    return value;
}

/**
 * A capture written with `--format=csv,noheader` has a sample where its header should be. Its columns
 * cannot be named (nvidia-smi writes the fields in the order of a `--query-gpu` list this file does not
 * hold), so it is refused with a message that says how to capture it instead of guessing the columns.
 */
function isDataCell(cell) {
    if (!Number.isNaN(parseSampleTime(cell)) && /\d/.test(cell))
        return true;
    try {
        return !Number.isNaN(parseCell(cell, 'percent'));
    }
    catch {
        return false;
    }
}
/** The refusal for a first line that is a sample (most of its cells are numbers or times), else null. */
function headerlessMessage(firstLine) {
    const data = firstLine.filter(isDataCell).length;
    if (data === 0 || data * 2 < firstLine.length)
        return null;
    const shown = firstLine.join(', ');
    return (`no header: the first line is a sample ("${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}"), not column names, ` +
        'so the columns cannot be named (captured with --format=csv,noheader?). Capture with --format=csv (nounits is fine) to keep the header line');
}

/**
 * nvidia-smi `--query-gpu=… --format=csv[,nounits]` captures (and amd-smi metric CSVs, which share the shape):
 * a header, then one row per GPU per sample, GPUs interleaved. Tolerates what samplers really write:
 * `, ` separators, units in header or values, `[N/A]` cells, a header repeated after a restart, a line cut
 * off by a sampler still writing, and a last sample that covers only some GPUs.
 */
/** Parse the text of a GPU CSV. `source` names the file in messages. */
function parseGpuCsv(source, text) {
    const findings = { warnings: [], truncated: false };
    const { records, lineOf } = readRecords(source, text, findings);
    const columns = columnsOf(source, records[0]);
    const rows = dataRows(source, records, lineOf, findings);
    const gpus = seriesOf(source, rows, columns);
    if (columns.timeCol >= 0 && rows.length > 0)
        checkLastSample(source, rows, columns.timeCol, gpus.length, findings);
    return { source, format: columns.format, gpus, warnings: findings.warnings, truncated: findings.truncated };
}
/** The CSV's records with their line numbers; a half-written last line is dropped. */
function readRecords(source, text, findings) {
    let body = text.replace(/\r\n/g, '\n');
    if (body.length > 0 && !body.endsWith('\n')) {
        // A sampler still writing leaves half a line: drop it rather than read a cut number as a value.
        const cut = body.lastIndexOf('\n');
        body = cut < 0 ? '' : body.slice(0, cut + 1);
        findings.truncated = true;
        findings.warnings.push(`${source}: the last line is incomplete (file still being written?); it was skipped`);
    }
    let records;
    // Line numbers for messages, kept beside the records: csv-parse's `info: true` copies an object per row.
    const lineOf = [];
    try {
        records = parse(body, {
            relax_column_count: true,
            skip_empty_lines: true,
            trim: true,
            relax_quotes: true,
            on_record: (record, context) => {
                lineOf.push(context.lines);
                return record;
            },
        });
    }
    catch (err) {
        const e = err;
        throw new InputError(source, e.lines ?? null, `not a readable CSV: ${e.message}`);
    }
    if (records.length === 0)
        throw new InputError(source, null, 'empty file: no header');
    return { records, lineOf };
}
function columnsOf(source, header) {
    const names = header.map(columnName);
    const keys = names.map((n) => n.key);
    const identity = (list) => findCsvColumn(keys, list);
    const format = identity(['gfx_activity']) >= 0 || identity(['socket_power']) >= 0 ? 'amd-smi-csv' : 'nvidia-smi-csv';
    const present = [];
    for (const field of GPU_FIELDS) {
        const column = findCsvColumn(keys, CSV_COLUMNS[field]);
        if (column >= 0)
            present.push({ field, column, unit: names[column].unit });
    }
    if (present.length === 0) {
        throw new InputError(source, 1, headerlessMessage(header) ??
            'no GPU metric columns in the header (expected some of utilization.gpu, memory.used, power.draw, temperature.gpu)');
    }
    const timeCol = identity(CSV_IDENTITY.time);
    return {
        header,
        format,
        present,
        timeCol,
        timeUnit: timeCol >= 0 ? names[timeCol].unit : '',
        uuidCol: identity(CSV_IDENTITY.uuid),
        busCol: identity(CSV_IDENTITY.busId),
        nameCol: identity(CSV_IDENTITY.name),
        indexCols: CSV_IDENTITY.index.map((n) => identity([n])).filter((i) => i >= 0),
    };
}
/** The sample rows: a header repeated after a restart is skipped, and so is a cut last row. */
function dataRows(source, records, lineOf, findings) {
    const header = records[0];
    const rows = [];
    for (let r = 1; r < records.length; r++) {
        const record = records[r];
        const line = lineOf[r];
        if (record.length === header.length && record.every((c, i) => c === header[i]))
            continue;
        if (record.length !== header.length) {
            if (r === records.length - 1 && record.length < header.length) {
                findings.truncated = true;
                findings.warnings.push(`${source}:${line}: the last row has ${record.length} of ${header.length} fields (file still being written?); it was skipped`);
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
function identityColumns(rows, columns) {
    const { uuidCol, busCol, indexCols } = columns;
    const distinctCounts = new Map();
    const distinct = (col) => {
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
function seriesOf(source, rows, columns) {
    const { header, present, timeCol, uuidCol, busCol, nameCol } = columns;
    const { keyCol, labelCol } = identityColumns(rows, columns);
    const builder = new SeriesBuilder(present.map((p) => p.field));
    for (const row of rows) {
        const cell = (col) => (col >= 0 ? row.cells[col] : null);
        const values = present.map((p) => {
            try {
                return parseCell(row.cells[p.column], FIELD_UNIT[p.field], p.unit);
            }
            catch (err) {
                if (err instanceof BadCell)
                    throw new InputError(source, row.line, `column "${header[p.column]}": ${err.message}`);
                throw err;
            }
        });
        const time = timeCol >= 0 ? parseSampleTime(row.cells[timeCol], columns.timeUnit) : Number.NaN;
        if (timeCol >= 0 && Number.isNaN(time) && row.cells[timeCol] !== '') {
            throw new InputError(source, row.line, `"${row.cells[timeCol]}" is not a time`);
        }
        const key = cell(keyCol) ?? '0';
        builder.add(key, {
            label: labelCol >= 0 ? cell(labelCol) : String(builder.size),
            uuid: cell(uuidCol),
            name: cell(nameCol),
            busId: cell(busCol),
        }, time, values);
    }
    return builder.series();
}
/** A last sample that covers only some GPUs is a sampler caught mid-write. */
function checkLastSample(source, rows, timeCol, gpus, findings) {
    const lastTime = rows[rows.length - 1].cells[timeCol];
    let inLast = 0;
    for (let r = rows.length - 1; r >= 0 && rows[r].cells[timeCol] === lastTime; r--)
        inLast++;
    if (inLast < gpus) {
        findings.truncated = true;
        findings.warnings.push(`${source}: the last sample (${lastTime}) covers ${inLast} of ${gpus} GPUs (file still being written?)`);
    }
}

export { BadCell as B, GPU_FIELDS as G, SeriesBuilder as S, parseCell as a, parseGpuCsv as p };
