/**
 * Which fields of a CSV become metric columns: numeric columns are kept, text columns (timestamps,
 * status, config strings) are left out, judged on the sampled rows; and whether the step column really
 * holds steps.
 */
import { InputError } from '../../model.js';
import { type Cell, CellKind, classifyCell } from './cell.js';
import type { StepColumn } from './header.js';

/** `fieldMap` entry of a field that is not read (a text column, or a field past the header). */
export const TEXT_FIELD = -1;
/** `fieldMap` entry of the step column. */
export const STEP_FIELD = -2;

export interface ColumnLayout {
  /** Field index → metric column index; TEXT_FIELD or STEP_FIELD for the fields that are not metrics. */
  fieldMap: Int32Array;
  /** Names of the metric columns, in order. */
  columns: string[];
  stepColumn: string | null;
  /** Findings about the columns, one line each. */
  warnings: string[];
}

/** How many sampled cells of each field read as text and as numbers (missing cells count as neither). */
interface KindCounts {
  text: number[];
  numeric: number[];
}

function countKinds(sample: string[][], fields: number): KindCounts {
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  const counts: KindCounts = { text: new Array<number>(fields).fill(0), numeric: new Array<number>(fields).fill(0) };
  for (const record of sample) {
    for (let i = 0; i < fields && i < record.length; i++) {
      const kind = classifyCell(record[i]!, cell).kind;
      if (kind === CellKind.Text) counts.text[i]!++;
      else if (kind !== CellKind.Missing) counts.numeric[i]!++;
    }
  }
  return counts;
}

/** Whether at least three sampled rows hold a number in `field` and it is the same number on all of them. */
function sameOnEveryRow(sample: string[][], field: number): boolean {
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  let seen = 0;
  let first = NaN;
  for (const record of sample) {
    if (field >= record.length || classifyCell(record[field]!, cell).kind !== CellKind.Number) continue;
    if (seen++ === 0) first = cell.value;
    else if (cell.value !== first) return false;
  }
  return seen >= 3;
}

/** Whether the sampled numbers in `field` rise from row to row (rows without one skipped). */
function risesOnEveryRow(sample: string[][], field: number): boolean {
  const cell: Cell = { kind: CellKind.Missing, value: NaN };
  let last = -Infinity;
  for (const record of sample) {
    if (field >= record.length || classifyCell(record[field]!, cell).kind !== CellKind.Number) continue;
    if (!(cell.value > last)) return false;
    last = cell.value;
  }
  return last > -Infinity;
}

/**
 * The step field after the fallbacks are judged on the sample: an epoch column steps the rows only when
 * every row is a new epoch (else rows of one epoch would merge), and either fallback is noted.
 */
function fallbackStep(names: string[], step: StepColumn, sample: string[][], warnings: string[]): number {
  const name = names[step.index];
  if (step.kind === 'samples') {
    warnings.push(`no step column: rows are stepped by "${name}", a count of samples, not of optimiser steps`);
    return step.index;
  }
  if (!risesOnEveryRow(sample, step.index)) return -1;
  warnings.push(`no step column: rows are stepped by "${name}", one row per epoch`);
  return step.index;
}

/**
 * The layout of the metric columns, from the header's names, the step column found by name and the
 * sampled records (repeats of the header already left out). Throws when there is nothing numeric to read.
 */
export function typeColumns(
  source: string,
  headerLine: number,
  names: string[],
  step: StepColumn,
  sample: string[][],
): ColumnLayout {
  const warnings: string[] = [];
  let stepField = step.index < 0 || step.kind === 'step' ? step.index : fallbackStep(names, step, sample, warnings);
  if (stepField >= 0 && sameOnEveryRow(sample, stepField)) {
    // A per-run summary (ezpz's runs.csv) has a `steps` column holding each run's length, not a step.
    warnings.push(
      `column "${names[stepField]}" has the same value on every row, so it is read as a metric and rows are numbered by position`,
    );
    stepField = -1;
  }
  if (stepField < 0 && !warnings.length)
    warnings.push(
      'no step column (step, global_step, iteration, total_timesteps, epoch, …): rows are numbered 0, 1, 2, … in file order',
    );
  const { text, numeric } = countKinds(sample, names.length);
  const fieldMap = new Int32Array(names.length);
  const columns: string[] = [];
  const textColumns: string[] = [];
  names.forEach((name, i) => {
    if (i === stepField) fieldMap[i] = STEP_FIELD;
    else if (text[i]! > numeric[i]!) {
      fieldMap[i] = TEXT_FIELD;
      textColumns.push(name);
    } else fieldMap[i] = columns.push(name) - 1;
  });
  if (stepField >= 0 && text[stepField]! > numeric[stepField]!) {
    throw new InputError(source, headerLine, `step column "${names[stepField]}" does not hold numbers`);
  }
  if (!columns.length) {
    throw new InputError(
      source,
      headerLine,
      `no numeric metric column${textColumns.length ? ` (text only: ${textColumns.join(', ')})` : ''}`,
    );
  }
  if (textColumns.length) {
    warnings.push(
      `text column${textColumns.length === 1 ? '' : 's'} left out: ${textColumns.map((n) => `"${n}"`).join(', ')}`,
    );
  }
  return { fieldMap, columns, stepColumn: stepField >= 0 ? names[stepField]! : null, warnings };
}
