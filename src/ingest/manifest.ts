/**
 * The batch manifest `experiment_metadata.jsonl`: one JSON object per line, one line per run.
 * Schema and examples: docs/manifest.md.
 */
import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { readRegularText } from './file.js';
import { basename, delimiter, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseSampleTime } from '../gpu/capture/timestamp.js';
import { InputError, type TimeRange } from '../model.js';
import { plainRecord } from '../own-keys.js';
import { checkedFiles } from './file.js';
import { parseJsonLimited } from './json/parse-limited.js';
import { rankCell } from './split-ranks.js';

export interface ManifestRun {
  /** Line of the manifest (1-based). */
  line: number;
  name: string;
  /**
   * Absolute path of the metrics file as resolved and checked (no symlink in it); it is registered with
   * `checkedFiles`, so opening it later refuses a file swapped in after the check.
   */
  file: string;
  /**
   * The ranks' files of a multi-rank job, in rank order, each checked as `file` is (`file` is the lowest
   * rank's): a run directory of several `metrics_rank_N.csv`, or lines of one run name with a `rank` each.
   */
  rankFiles?: { rank: number; file: string }[];
  /** Scalar benchmark config, flattened to strings: {model: 'gpt3-15b', tp: '8', seq_len: '4096'}. */
  config: Record<string, string>;
  /** Hardware identity under canonical keys (gpu, world_size, nodes, gpus_per_node) when present. */
  fingerprint: Record<string, string>;
  durationSeconds?: number;
  /** When the run started and ended, from `start_time`/`end_time` (or one of them and the duration). */
  timeRange?: TimeRange;
}

export interface ManifestOptions {
  /**
   * Folders (`manifest-root`) whose files a manifest may name besides its own folder's, by an absolute
   * path or one climbing out of the manifest's folder: perf batches on shared storage list absolute paths.
   */
  roots?: readonly string[];
}

const NAME_KEYS = ['name', 'run_name', 'experiment'];
/** A line that is one rank of a job: lines of one run name with different ranks are that job's files. */
const RANK_KEYS = ['rank', 'global_rank'];
export const PATH_KEYS = [
  'csv',
  'metrics',
  'metrics_file',
  'metrics_csv',
  'file',
  'path',
  'dir',
  'output_dir',
  'log_dir',
  'run_dir',
];
const DURATION_KEYS = [
  'duration_seconds',
  'duration_s',
  'duration',
  'wall_time_sec',
  'wall_time_s',
  'elapsed_seconds',
  'runtime_seconds',
  'train_runtime',
];
const START_KEYS = ['start_time', 'started_at', 'start', 'start_timestamp', 'begin_time', 'start_ts'];
const END_KEYS = ['end_time', 'ended_at', 'finished_at', 'end', 'end_timestamp', 'stop_time', 'end_ts'];
/** Per-run values that are never tags: a run's times are unique to it. */
const NOT_CONFIG = [...DURATION_KEYS, ...START_KEYS, ...END_KEYS];
/** Canonical fingerprint key ← the names runs use for it. */
const FINGERPRINT_KEYS: Record<string, string[]> = {
  gpu: ['gpu', 'gpu_type', 'gpu_model', 'gpu_name', 'accelerator'],
  world_size: ['world_size', 'num_gpus', 'n_gpus', 'ngpus', 'gpus', 'total_gpus'],
  nodes: ['nodes', 'num_nodes', 'n_nodes', 'nnodes'],
  gpus_per_node: ['gpus_per_node', 'nproc_per_node'],
};
/** The file a run directory holds its metrics in. */
const DEFAULT_METRICS_FILE = 'metrics_rank_0.csv';
/** One run's line; far above any real one (a ledger's config dump is a few KiB). */
const MAX_LINE_CHARS = 1 << 20;

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function scalarString(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return undefined;
}

/** Scalars of `obj`, nested objects as dotted keys; arrays and nulls are left out. */
function flatten(
  obj: Json,
  skip: Set<string>,
  prefix = '',
  out: Record<string, string> = plainRecord(),
): Record<string, string> {
  for (const [key, value] of Object.entries(obj)) {
    if (!prefix && skip.has(key)) continue;
    const s = scalarString(value);
    if (s !== undefined) out[prefix + key] = s;
    else if (isObject(value)) flatten(value, skip, `${prefix}${key}.`, out);
  }
  return out;
}

function firstOf(obj: Json, keys: string[]): { key: string; value: unknown } | undefined {
  for (const key of keys) if (obj[key] !== undefined && obj[key] !== null) return { key, value: obj[key] };
  return undefined;
}

/** Whether `target` (a real path) lies inside `root` (a real path). */
function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  // `..` or `../…` climbs out; a name that merely starts with two dots (`..data`) does not.
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Where a manifest's paths may lead: its own folder, and the roots the user named (all real paths). */
interface Allowed {
  manifest: string;
  folder: string;
  roots: string[];
}

function refusal(allowed: Allowed, written: string): string {
  return allowed.roots.length
    ? `metrics path "${written}" is outside the manifest's folder and every manifest-root (${allowed.roots.join(', ')}); refused`
    : `metrics path "${written}" is outside the manifest's folder; refused`;
}

/**
 * The metrics file a manifest path names: the file itself, or within a directory `metrics_rank_0.csv` or
 * its only CSV. The check is made on the real path (`..` and every symlink resolved), and that real path is
 * what is returned and registered with its identity, so what is opened is what was checked.
 */
async function resolveMetricsFile(allowed: Allowed, line: number, written: string): Promise<string> {
  const { manifest } = allowed;
  const candidate = resolve(allowed.folder, written);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    throw new InputError(manifest, line, `metrics path "${written}" not found`);
  }
  if (!inside(allowed.folder, real) && !allowed.roots.some((root) => inside(root, real)))
    throw new InputError(manifest, line, refusal(allowed, written));
  // lstat, not stat: a symlink here means the path was swapped after realpath resolved it.
  const stats = await lstat(real);
  if (stats.isSymbolicLink())
    throw new InputError(manifest, line, `metrics path "${written}" changed while it was checked; refused`);
  if (!stats.isDirectory()) {
    checkedFiles.add(real, stats);
    return real;
  }
  const entries = await readdir(real);
  const inDir = (name: string) => `${written.replace(/[\\/]+$/, '')}/${name}`;
  if (entries.includes(DEFAULT_METRICS_FILE)) return resolveMetricsFile(allowed, line, inDir(DEFAULT_METRICS_FILE));
  const csvs = entries.filter((e) => extname(e).toLowerCase() === '.csv').sort();
  if (csvs.length === 1) return resolveMetricsFile(allowed, line, inDir(csvs[0]!));
  if (!csvs.length)
    throw new InputError(manifest, line, `directory "${written}" has no ${DEFAULT_METRICS_FILE} and no other CSV`);
  throw new InputError(
    manifest,
    line,
    `directory "${written}" has no ${DEFAULT_METRICS_FILE} and ${csvs.length} CSVs (${csvs.slice(0, 4).join(', ')}${csvs.length > 4 ? ', …' : ''}); name the file`,
  );
}

const RANK_FILE = /^metrics_rank_(\d+)\.csv$/;

/**
 * A run directory's ranks' files, when it holds `metrics_rank_N.csv` of two ranks or more (a multi-rank
 * job is one run, src/ranks/): each checked as the run's file is; null otherwise.
 */
async function rankFilesOf(
  allowed: Allowed,
  line: number,
  written: string,
  file: string,
): Promise<{ rank: number; file: string }[] | null> {
  if (basename(file) !== DEFAULT_METRICS_FILE || !(await stat(resolve(allowed.folder, written))).isDirectory())
    return null;
  const ranks = (await readdir(dirname(file)))
    .filter((name) => RANK_FILE.test(name))
    .sort((a, b) => Number(RANK_FILE.exec(a)![1]) - Number(RANK_FILE.exec(b)![1]));
  if (ranks.length < 2) return null;
  const inDir = (name: string) => `${written.replace(/[\\/]+$/, '')}/${name}`;
  const out: { rank: number; file: string }[] = [];
  for (const name of ranks)
    out.push({ rank: Number(RANK_FILE.exec(name)![1]), file: await resolveMetricsFile(allowed, line, inDir(name)) });
  return out;
}

/** The line's rank (a whole number ≥ 0, or its digits as a string, as a rank cell is read), undefined when it names none. */
function rankOfLine(manifest: string, line: number, obj: Json): number | undefined {
  const found = firstOf(obj, RANK_KEYS);
  if (!found) return undefined;
  const rank = rankCell(found.value);
  if (rank === null)
    throw new InputError(
      manifest,
      line,
      `"${found.key}" is not a rank (a whole number from 0): ${JSON.stringify(found.value)}`,
    );
  return Number(rank);
}

/**
 * The real paths of the roots the user named (each may be a path list, `:`-separated, `;` on Windows); a
 * root that does not exist is an error for the whole manifest.
 */
async function realRoots(roots: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const root of roots
    .flatMap((r) => r.split(delimiter))
    .map((r) => r.trim())
    .filter(Boolean)) {
    try {
      out.push(await realpath(root));
    } catch {
      throw new InputError('manifest-root', null, `"${root}" not found`);
    }
  }
  return out;
}

function durationOf(manifest: string, line: number, obj: Json, config: Json | undefined): number | undefined {
  const found = firstOf(obj, DURATION_KEYS) ?? (config ? firstOf(config, DURATION_KEYS) : undefined);
  if (!found) return undefined;
  const n =
    typeof found.value === 'number'
      ? found.value
      : typeof found.value === 'string'
        ? Number(found.value.trim() || NaN)
        : NaN;
  // At most 2^53 − 1 ms (285,000 years): a longer one is no run's, and its end is no time a clock tells.
  if (!Number.isFinite(n) || n < 0 || n * 1000 > Number.MAX_SAFE_INTEGER)
    throw new InputError(manifest, line, `"${found.key}" is not a duration in seconds: ${JSON.stringify(found.value)}`);
  return n;
}

function fingerprintOf(sources: Json[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [canonical, names] of Object.entries(FINGERPRINT_KEYS)) {
    for (const source of sources) {
      const found = firstOf(source, names);
      const s = found && scalarString(found.value);
      if (s !== undefined) {
        out[canonical] = s;
        break;
      }
    }
  }
  return out;
}

async function readLine(
  allowed: Allowed,
  line: number,
  obj: Json,
): Promise<{ run: ManifestRun; rank: number | undefined }> {
  const manifest = allowed.manifest;
  const pathEntry = PATH_KEYS.map((key) => ({ key, value: obj[key] })).find(
    (e) => typeof e.value === 'string' && e.value.trim() !== '',
  );
  if (!pathEntry) throw new InputError(manifest, line, `run has no metrics path (one of: ${PATH_KEYS.join(', ')})`);
  const written = (pathEntry.value as string).trim();
  const rank = rankOfLine(manifest, line, obj);
  const file = await resolveMetricsFile(allowed, line, written);
  const rankFiles = rank === undefined ? await rankFilesOf(allowed, line, written, file) : null;
  const nameEntry = firstOf(obj, NAME_KEYS);
  const name =
    (nameEntry && scalarString(nameEntry.value)?.trim()) ||
    `${basename(dirname(file))}/${basename(file, extname(file))}`;
  const configObject = isObject(obj.config) ? obj.config : undefined;
  // A rank differs between the lines of one job: it is not a tag of the job.
  const skip = new Set([...NAME_KEYS, pathEntry.key, ...NOT_CONFIG, ...RANK_KEYS, 'fingerprint', 'hardware']);
  const config = configObject ? flatten(configObject, new Set([...NOT_CONFIG, ...RANK_KEYS])) : flatten(obj, skip);
  const hardware = [obj.fingerprint, obj.hardware].filter(isObject);
  const run: ManifestRun = {
    line,
    name,
    file,
    config,
    fingerprint: fingerprintOf([...hardware, obj, ...(configObject ? [configObject] : [])]),
  };
  if (rankFiles) run.rankFiles = rankFiles;
  const duration = durationOf(manifest, line, obj, configObject);
  if (duration !== undefined) run.durationSeconds = duration;
  const timeRange = timeRangeOf(manifest, line, [obj, ...(configObject ? [configObject] : [])], duration);
  if (timeRange) run.timeRange = timeRange;
  return { run, rank };
}

/** A time written in a manifest: ISO 8601 (with `Z` or an offset), nvidia-smi's form, or a Unix epoch number. */
function timeOf(manifest: string, line: number, found: { key: string; value: unknown }): number {
  const text = typeof found.value === 'number' || typeof found.value === 'string' ? String(found.value) : '';
  const t = parseSampleTime(text);
  if (Number.isNaN(t))
    throw new InputError(manifest, line, `"${found.key}" is not a time: ${JSON.stringify(found.value)}`);
  return t;
}

/** The run's start and end: both given, or one of them and the duration. */
function timeRangeOf(manifest: string, line: number, sources: Json[], duration: number | undefined) {
  const pick = (keys: string[]) => sources.map((src) => firstOf(src, keys)).find((f) => f !== undefined);
  const startEntry = pick(START_KEYS);
  const endEntry = pick(END_KEYS);
  const start = startEntry ? timeOf(manifest, line, startEntry) : undefined;
  const end = endEntry ? timeOf(manifest, line, endEntry) : undefined;
  const ms = duration === undefined ? undefined : duration * 1000;
  const range: TimeRange | undefined =
    start !== undefined && end !== undefined
      ? { start, end }
      : start !== undefined && ms !== undefined
        ? { start, end: start + ms }
        : end !== undefined && ms !== undefined
          ? { start: end - ms, end }
          : undefined;
  if (range && range.end < range.start)
    throw new InputError(manifest, line, `"${endEntry?.key}" is before "${startEntry?.key}"`);
  return range;
}

/**
 * Read a run manifest. Each line that names a metrics file becomes a run; a line that is broken (bad JSON,
 * a run name without a path, a missing file, a path outside the manifest's folder and the named roots) becomes an InputError in
 * `errors` and the other runs are still returned. Lines that are neither (a ledger's other events) are
 * skipped; when no line at all is a run, that is one error. A missing or unreadable manifest throws.
 */
/** The manifest's text; a missing or unreadable file is an InputError. */
async function readManifestText(path: string): Promise<string> {
  try {
    return await readRegularText(path);
  } catch (e) {
    if (e instanceof InputError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      path,
      null,
      code === 'ENOENT'
        ? 'manifest not found'
        : code === 'EISDIR'
          ? 'manifest is a directory'
          : `cannot read manifest: ${(e as Error).message}`,
    );
  }
}

export async function readManifest(
  path: string,
  options: ManifestOptions = {},
): Promise<{ runs: ManifestRun[]; errors: InputError[] }> {
  const text = await readManifestText(path);
  const allowed: Allowed = {
    manifest: path,
    folder: await realpath(dirname(path)),
    roots: await realRoots(options.roots ?? []),
  };
  const runs: ManifestRun[] = [];
  const errors: InputError[] = [];
  const names = new Map<string, number>();
  // Jobs listed a rank per line: the first line's run, and the line of each rank seen.
  const jobs = new Map<string, { run: ManifestRun; ranks: Map<number, number> }>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let skipped = 0;
  let skippedKind: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const lineText = lines[i]!.trim();
    const line = i + 1;
    if (!lineText) continue;
    let obj: unknown;
    try {
      obj = parseJsonLimited(lineText, path, { line, maxChars: MAX_LINE_CHARS });
    } catch (e) {
      if (e instanceof InputError) {
        errors.push(e);
        continue;
      }
      errors.push(new InputError(path, line, `not valid JSON: ${(e as Error).message.split('\n')[0]}`));
      continue;
    }
    if (!isObject(obj)) {
      errors.push(new InputError(path, line, 'expected a JSON object per line'));
      continue;
    }
    const hasPath = PATH_KEYS.some((key) => typeof obj[key] === 'string');
    const hasName = NAME_KEYS.some((key) => scalarString(obj[key]) !== undefined);
    if (!hasPath && !hasName) {
      skipped++;
      skippedKind ??= scalarString(obj.kind) ?? scalarString(obj.type);
      continue;
    }
    try {
      const { run, rank } = await readLine(allowed, line, obj);
      const job = jobs.get(run.name);
      if (rank !== undefined && job) {
        const same = job.ranks.get(rank);
        if (same !== undefined)
          throw new InputError(path, line, `rank ${rank} of run "${run.name}" already listed on line ${same}`);
        job.ranks.set(rank, line);
        job.run.rankFiles!.push({ rank, file: run.file });
        continue;
      }
      const earlier = names.get(run.name);
      if (earlier !== undefined)
        throw new InputError(path, line, `run name "${run.name}" already used on line ${earlier}`);
      names.set(run.name, line);
      if (rank !== undefined) {
        run.rankFiles = [{ rank, file: run.file }];
        jobs.set(run.name, { run, ranks: new Map([[rank, line]]) });
      }
      runs.push(run);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      errors.push(e);
    }
  }
  for (const { run } of jobs.values()) {
    const ranks = run.rankFiles!.sort((a, b) => a.rank - b.rank);
    // One rank listed is a run of its own; several are one job, opened from its lowest rank's file first.
    if (ranks.length < 2) delete run.rankFiles;
    else run.file = ranks[0]!.file;
  }
  if (!runs.length && !errors.length) {
    errors.push(
      new InputError(
        path,
        null,
        skipped
          ? `no runs: none of the ${skipped} lines names a metrics file (${PATH_KEYS.slice(0, 4).join(', ')}, …)${skippedKind ? `; lines look like "${skippedKind}" events` : ''}`
          : 'no runs: the manifest is empty',
      ),
    );
  }
  return { runs, errors };
}
