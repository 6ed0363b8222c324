/**
 * TensorBoard event files as a Table: one file, or a run directory of them (a resumed job leaves one per
 * attempt), read in file-name order as TensorBoard's directory loader reads them (the names start with
 * the writer's start time), merged by step as tag-series.ts says. Every scalar tag becomes a column named as written (`train/loss`,
 * `lr-AdamW`), classified as any column is; the step is the event's. Other summaries (images,
 * histograms, text) are skipped. A file cut inside its last record (a job killed mid-write) is a warning
 * and marks the table truncated, like a cut CSV row; a record whose data fails its CRC is skipped and
 * counted. The file is read in chunks; what is kept is the scalars, 16 bytes a point.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { plainRecord } from '../../own-keys.js';
import { InputError, type Table } from '../../model.js';
import { tableFromColumns } from '../table-from-columns.js';
import { decodeEvent } from './event-proto.js';
import { TagSeries } from './tag-series.js';
import { type RecordScan, tfRecords } from './tfrecord.js';

const EVENT_FILE = /^events\.out\.tfevents\./;

/** The event files of a run directory, in the order TensorBoard reads them; [] when there are none. */
export async function eventFilesIn(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).filter((n) => EVENT_FILE.test(n)).sort();
  return names.map((n) => join(dir, n));
}

export async function openEventsTable(path: string, options: { batchSize?: number } = {}): Promise<Table> {
  const isDir = (await stat(path)).isDirectory();
  const files = isDir ? await eventFilesIn(path) : [path];
  if (!files.length)
    throw new InputError(path, null, 'is a directory with no TensorBoard event file (events.out.tfevents.*)');
  const series = new Map<string, TagSeries>();
  const warnings: string[] = [];
  let truncated = false;
  for (const file of files) {
    const scan: RecordScan = { corrupt: 0, truncated: false };
    for await (const record of tfRecords(file, scan)) {
      let event: ReturnType<typeof decodeEvent>;
      try {
        event = decodeEvent(record);
      } catch {
        scan.corrupt++;
        continue;
      }
      if (event.start && event.step > 0) for (const s of series.values()) s.purgeFrom(event.step);
      for (const { tag, value } of event.scalars) {
        let s = series.get(tag);
        if (!s) series.set(tag, (s = new TagSeries()));
        s.add(event.step, value, event.wallTime);
      }
    }
    const name = isDir ? file.slice(path.length).replace(/^[/\\]/, '') : file;
    if (scan.corrupt)
      warnings.push(
        `${name}: ${scan.corrupt} record${scan.corrupt === 1 ? '' : 's'} failed their CRC32C and were left out`,
      );
    if (scan.truncated) {
      truncated = true;
      warnings.push(`${name}: the file ends inside its last record (a job stopped mid-write); the record is left out`);
    }
  }
  if (!series.size) throw new InputError(path, null, 'TensorBoard events with no scalar summary');
  const resolved = new Map([...series].map(([tag, s]) => [tag, s.resolved()]));
  const replaced = [...series.values()].reduce((n, s) => n + s.replaced, 0);
  if (replaced)
    warnings.push(
      `${replaced} point${replaced === 1 ? '' : 's'} written again at a step by a later attempt (a resumed job): the later one is kept`,
    );
  return scalarTable(path, resolved, warnings, truncated, options.batchSize);
}

/** The tags as columns over the union of their steps; NaN written by the trainer is an explicit NaN. */
function scalarTable(
  source: string,
  series: Map<string, { steps: Float64Array; values: Float64Array }>,
  warnings: string[],
  truncated: boolean,
  batchSize?: number,
): Table {
  let total = 0;
  for (const s of series.values()) total += s.steps.length;
  const all = new Float64Array(total);
  let k = 0;
  for (const s of series.values()) {
    all.set(s.steps, k);
    k += s.steps.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  const steps = all.subarray(0, n);
  const columns = plainRecord<Float64Array>();
  const nanTokens = plainRecord<number[]>();
  for (const [tag, s] of series) {
    const column = new Float64Array(steps.length).fill(Number.NaN);
    const tokens: number[] = [];
    let at = 0;
    for (let i = 0; i < s.steps.length; i++) {
      while (steps[at]! < s.steps[i]!) at++;
      column[at] = s.values[i]!;
      if (Number.isNaN(s.values[i]!)) tokens.push(at);
    }
    columns[tag] = column;
    if (tokens.length) nanTokens[tag] = tokens;
  }
  const table = tableFromColumns(source, Array.from(steps), columns, {
    stepColumn: 'step',
    nanTokens,
    warnings,
    ...(batchSize ? { batchSize } : {}),
  });
  if (truncated) table.truncated.value = true;
  return table;
}
