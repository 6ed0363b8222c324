/**
 * One record already split into fields (by csv-parse) put into a row sink through the cell grammar: the
 * way a quoted line becomes a row, for the file reader and for watch mode's tailer alike.
 */
import { type Cell, CellKind, classifyCell } from './cell.js';
import { STEP_FIELD, TEXT_FIELD } from './column-types.js';
import { isHeaderRecord } from './header.js';
import { type RowSink, TRACEBACK_START } from './row-sink.js';

export class RecordCells {
  private readonly cell: Cell = { kind: CellKind.Missing, value: NaN };

  constructor(
    /** Field index → metric column, TEXT_FIELD or STEP_FIELD (column-types.ts). */
    private readonly fieldMap: Int32Array,
    private readonly sink: RowSink,
    /** The header's column names, to skip the header where it is repeated. */
    private readonly names: string[],
  ) {}

  /** Put one record, at line `line`, into the sink. */
  commit(record: string[], line: number): void {
    const { fieldMap, sink, cell } = this;
    if (isHeaderRecord(record, this.names)) {
      sink.repeatedHeader(line);
      return;
    }
    sink.clearRow();
    let step = NaN;
    for (let f = 0; f < fieldMap.length && f < record.length; f++) {
      const m = fieldMap[f]!;
      if (m === TEXT_FIELD) continue;
      classifyCell(record[f]!, cell);
      if (m === STEP_FIELD) step = cell.kind === CellKind.Number ? cell.value : NaN;
      else {
        sink.values[m] = cell.value;
        sink.kinds[m] = cell.kind;
        if (cell.kind === CellKind.Text) sink.textCell(m, line, record[f]!.trim());
      }
    }
    if (Number.isNaN(step) && record[0]?.startsWith(TRACEBACK_START)) sink.traceback?.(line);
    sink.endRow(step, record.length, line);
  }
}
