/**
 * TensorBoard event files as a Table: one file, or a run directory of them (a resumed job leaves one per
 * attempt), read in file-name order as TensorBoard's directory loader reads them (the names start with
 * the writer's start time). Every scalar tag becomes a column named as written (`train/loss`,
 * `lr-AdamW`), classified as any column is; the step is the event's. Other summaries (images,
 * histograms, text) are skipped. A file cut inside its last record (a job killed mid-write) is a warning
 * and marks the table truncated, like a cut CSV row; a record whose data fails its CRC is skipped and
 * counted.
 *
 * Points are merged as TensorBoard merges them: by tag and step, the later write winning where a step
 * was written twice (a resumed job), and nothing dropped but what a `SessionLog.START` at step S (a
 * writer opened with `purge_step`) purges, the points at S and after. A step going back is not a restart
 * by itself: Lightning writes its test phase to a second file from step 0, with tags of its own.
 * A first pass finds the tags and whether the events come in step order, file after file (every writer
 * we know writes one file so). Then the rows stream through StepOrderedRows, in bounded memory (a START
 * purge is its restart). Files that overlap in steps, or events out of order, are read into memory
 * instead (json/step-map.ts), each point placed at its step.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { InputError, type Table } from '../../model.js';
import { CellKind } from '../csv/cell.js';
import { StepOrderedRows } from '../step-order.js';
import { StepMap } from '../json/step-map.js';
import { type DecodedEvent, decodeEvent } from './event-proto.js';
import { type RecordScan, tfRecords } from './tfrecord.js';

const EVENT_FILE = /^events\.out\.tfevents\./;
const DEFAULT_BATCH = 65_536;

/** The event files of a run directory, in the order TensorBoard reads them; [] when there are none. */
export async function eventFilesIn(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => EVENT_FILE.test(n)).sort();
  return names.map((n) => join(dir, n));
}

interface Input {
  source: string;
  files: string[];
  isDir: boolean;
}

/** What reading the records found, as the table's warnings. */
interface Findings {
  warnings: string[];
  truncated: boolean;
}

export async function openEventsTable(path: string, options: { batchSize?: number } = {}): Promise<Table> {
  const isDir = (await stat(path)).isDirectory();
  const files = isDir ? await eventFilesIn(path) : [path];
  if (!files.length)
    throw new InputError(path, null, 'is a directory with no TensorBoard event file (events.out.tfevents.*)');
  const input = { source: path, files, isDir };
  const { tags, ordered } = await scanTags(input);
  if (!tags.size) throw new InputError(path, null, 'TensorBoard events with no scalar summary');
  const batch = options.batchSize ?? DEFAULT_BATCH;
  return ordered ? streamedTable(input, tags, batch) : inMemoryTable(input, batch);
}

/** Each file's decoded records, in order; corrupt and cut records go to `found`. */
async function* events(
  input: Input,
  found: Findings,
): AsyncGenerator<{ file: string; index: number; event: DecodedEvent }> {
  for (const file of input.files) {
    const scan: RecordScan = { corrupt: 0, truncated: false };
    let index = 0;
    for await (const record of tfRecords(file, scan)) {
      index++;
      let event: DecodedEvent;
      try {
        event = decodeEvent(record);
      } catch {
        scan.corrupt++;
        continue;
      }
      yield { file, index, event };
    }
    const name = input.isDir ? file.slice(input.source.length).replace(/^[/\\]/, '') : file;
    if (scan.corrupt)
      found.warnings.push(
        `${name}: ${scan.corrupt} record${scan.corrupt === 1 ? '' : 's'} failed their CRC32C and were left out`,
      );
    if (scan.truncated) {
      found.truncated = true;
      found.warnings.push(
        `${name}: the file ends inside its last record (a job stopped mid-write); the record is left out`,
      );
    }
  }
}

/** The first pass: the tags in order of appearance, and whether the scalar events, file after file, are in step order. */
async function scanTags(input: Input): Promise<{ tags: Map<string, number>; ordered: boolean }> {
  const tags = new Map<string, number>();
  let ordered = true;
  let last = -Infinity;
  for await (const { event } of events(input, { warnings: [], truncated: false })) {
    // A START purge is a restart StepOrderedRows resolves alike: the rows from its step on are replaced.
    if (event.start && event.step > 0) last = -Infinity;
    if (!event.scalars.length) continue;
    if (event.step < last) ordered = false;
    last = event.step;
    for (const { tag } of event.scalars) if (!tags.has(tag)) tags.set(tag, tags.size);
  }
  return { tags, ordered };
}

/** The second pass, streamed: each event a row, the rows of one step merged, restarts resolved. */
function streamedTable(input: Input, tags: Map<string, number>, stepBuffer: number): Table {
  const warnings: string[] = [];
  const truncated = { value: false };
  return {
    source: input.source,
    columns: [...tags.keys()],
    stepColumn: 'step',
    warnings,
    truncated,
    batches: (async function* () {
      const rows = new StepOrderedRows(tags.size, stepBuffer, 'record');
      const found: Findings = { warnings: [], truncated: false };
      for await (const { index, event } of events(input, found)) {
        if (!event.scalars.length) continue;
        rows.clearRow();
        for (const { tag, value } of event.scalars) {
          const c = tags.get(tag)!;
          rows.values[c] = value;
          rows.kinds[c] = Number.isNaN(value) ? CellKind.NanToken : CellKind.Number;
        }
        rows.commit(event.step, index);
        yield* rows.take();
      }
      yield* rows.finish();
      warnings.push(...found.warnings, ...rows.warnings());
      truncated.value = found.truncated;
    })(),
  };
}

/** Events out of step order (overlapping files): every point kept in memory and placed at its own step. */
async function inMemoryTable(input: Input, batchSize: number): Promise<Table> {
  const map = new StepMap(input.source);
  const found: Findings = { warnings: [], truncated: false };
  for await (const { event } of events(input, found)) {
    if (event.start && event.step > 0) map.purgeFrom(event.step);
    for (const { tag, value } of event.scalars) map.set(event.step, tag, value);
  }
  const replaced = map.replacedNote();
  if (replaced) found.warnings.push(replaced);
  if (map.purged)
    found.warnings.push(
      `${map.purged} point${map.purged === 1 ? '' : 's'} purged by a SessionLog START (a writer opened with purge_step), as TensorBoard purges them`,
    );
  const table = map.toTable('step', batchSize, found.warnings);
  if (found.truncated) table.truncated.value = true;
  return table;
}
