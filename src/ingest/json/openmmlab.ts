/**
 * OpenMMLab's JSON-lines logs keep training and validation lines on axes of their own; read as one table
 * the way their own tools plot them (mmdet's `analyze_logs.py`, mmengine's visualizer), with the two
 * phases kept apart:
 *
 * - mmdetection 2's `*.log.json`: a first line of `env_info`, then lines with `"mode": "train"` (an
 *   `iter` counted within each `epoch`) or `"mode": "val"` (the epoch's metrics; its `iter` is the
 *   epoch's length). A training line's step is the iterations of the epochs before it plus its `iter`;
 *   a validation line's, the iterations up to the end of its epoch.
 * - mmengine's `vis_data/scalars.json`: training lines carry `lr`, a loss and `epoch` beside `step`
 *   (the iteration); validation lines carry neither, and with an epoch-based loop their `step` is the
 *   epoch, placed at the last iteration of that epoch. With an iteration-based loop it is already one.
 *
 * A key both phases log (`data_time`, `time`, `memory`) is the validation's as `val/<key>`: the time of
 * an evaluation batch is no training step time. The validation line's own bookkeeping (`mode`, `epoch`,
 * `iter`, `lr`) is left out. Anything else is read as any JSON-lines log is.
 */

type Line = Record<string, unknown>;

/** The lines rewritten with a common `step`, and what was done, or null for a log of another kind. */
export interface PhasedLines {
  objects: Line[];
  lines: number[];
  note: string;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isLoss = (key: string) => /(^|[._/])loss/.test(key);
const BOOKKEEPING = new Set(['mode', 'epoch', 'iter', 'lr', 'step']);

/** A validation line's values under the names they take beside the training lines'. */
function valKeys(o: Line, trainKeys: ReadonlySet<string>, step: number): Line {
  const out: Line = { step };
  for (const [key, value] of Object.entries(o)) {
    if (BOOKKEEPING.has(key)) continue;
    out[trainKeys.has(key) ? `val/${key}` : key] = value;
  }
  return out;
}

/** mmdetection 2's `*.log.json`: lines with a `mode` of train or val. */
function mmdetLog(objects: readonly Line[], lines: readonly number[]): PhasedLines | null {
  const phased = objects.filter((o) => o.mode === 'train' || o.mode === 'val');
  if (phased.length < objects.length / 2 || !phased.some((o) => o.mode === 'train')) return null;
  // An epoch's length: its validation line's `iter`, else the last training `iter` logged in it.
  const length = new Map<number, number>();
  for (const o of phased) {
    if (!isNumber(o.epoch) || !isNumber(o.iter)) continue;
    const known = length.get(o.epoch) ?? 0;
    length.set(o.epoch, o.mode === 'val' ? o.iter : Math.max(known, o.iter));
  }
  const epochs = [...length.keys()].sort((a, b) => a - b);
  const before = new Map<number, number>();
  let sum = 0;
  for (const e of epochs) {
    before.set(e, sum);
    sum += length.get(e)!;
  }
  const trainKeys = new Set(phased.filter((o) => o.mode === 'train').flatMap((o) => Object.keys(o)));
  const out: Line[] = [];
  const at: number[] = [];
  objects.forEach((o, i) => {
    if (!isNumber(o.epoch) || !before.has(o.epoch)) return;
    if (o.mode === 'train' && isNumber(o.iter)) {
      const { mode: _m, epoch: _e, iter: _i, ...rest } = o;
      out.push({ ...rest, epoch: o.epoch, step: before.get(o.epoch)! + o.iter });
    } else if (o.mode === 'val') out.push(valKeys(o, trainKeys, before.get(o.epoch)! + length.get(o.epoch)!));
    else return;
    at.push(lines[i]!);
  });
  return {
    objects: out,
    lines: at,
    note: `an mmdetection log: training lines at their iteration over the run (${epochs.length} epoch${epochs.length === 1 ? '' : 's'}), validation lines at the end of their epoch`,
  };
}

/** mmengine's `scalars.json`: training lines with `lr` and a loss, validation lines with neither. */
function mmengineScalars(objects: readonly Line[], lines: readonly number[]): PhasedLines | null {
  // mmengine's logger hook writes `data_time` on every training line beside `lr` and the losses.
  const isTrain = (o: Line) => isNumber(o.lr) && isNumber(o.data_time) && Object.keys(o).some(isLoss);
  const train = objects.filter(isTrain);
  const val = objects.filter((o) => !isTrain(o) && isNumber(o.step) && !('lr' in o) && !Object.keys(o).some(isLoss));
  if (train.length === 0 || val.length === 0 || !train.every((o) => isNumber(o.step))) return null;
  // With an epoch-based loop a validation line's step is the epoch: the last iteration of that epoch.
  const epochEnd = new Map<number, number>();
  for (const o of train)
    if (isNumber(o.epoch)) epochEnd.set(o.epoch, Math.max(epochEnd.get(o.epoch) ?? 0, o.step as number));
  const byEpoch = epochEnd.size > 0 && val.every((o) => epochEnd.has(o.step as number));
  const trainKeys = new Set(train.flatMap((o) => Object.keys(o)));
  const out: Line[] = [];
  const at: number[] = [];
  objects.forEach((o, i) => {
    if (val.includes(o))
      out.push(valKeys(o, trainKeys, byEpoch ? epochEnd.get(o.step as number)! : (o.step as number)));
    else out.push(o);
    at.push(lines[i]!);
  });
  return {
    objects: out,
    lines: at,
    note: byEpoch
      ? 'an mmengine log: validation lines (their step the epoch) at the last iteration of their epoch, apart from the training lines'
      : 'an mmengine log: validation lines apart from the training lines',
  };
}

/** The lines of an OpenMMLab log on one step axis, or null for another log. */
export function openMMLabPhases(objects: readonly Line[], lines: readonly number[]): PhasedLines | null {
  return mmdetLog(objects, lines) ?? mmengineScalars(objects, lines);
}
