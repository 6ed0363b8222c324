/** ingest + summarize: each run opened lazily and summarised in one pass, one at a time. */
import { basename, dirname, extname, join } from 'node:path';
import { classify } from '../classify/index.js';
import type { Config } from '../config/index.js';
import { isDirectory, openRankTables, openTable, rankColumnFilesIn, readManifest } from '../ingest/index.js';
import { InputError, type RunInput, type RunSummary, type Table } from '../model.js';
import { NAME_LIMITS } from '../naming.js';
import type { Options } from '../options.js';
import {
  groupRanks,
  type JobFiles,
  jobName,
  mergeRankTables,
  rankEntriesIn,
  rankOf,
  stallNotes,
} from '../ranks/index.js';
import { REDACTED, redactFields } from '../secrets/index.js';
import { summarizeRun } from '../summarize/index.js';
import { type ProgressSink, SILENT } from '../progress/index.js';
import type { RunContext } from './run-context.js';

/** Every run that could be read, summarised, in the order given; the others are recorded as errors. */
export async function readRuns(ctx: RunContext, config: Pick<Config, 'rules' | 'summary'>): Promise<RunSummary[]> {
  const summaries: RunSummary[] = [];
  const recordError = (e: unknown) => ctx.recordError(e);
  const notices: string[] = [];
  const inputs = await resolveInputs(ctx.options, config, recordError, notices, ctx.progress);
  for (const n of notices) ctx.warn(n);
  // A batch of runs tells how many are read; each file, its bytes.
  const task = inputs.length > 1 ? ctx.progress.task('runs read', inputs.length, 'runs') : null;
  for (const input of inputs) {
    try {
      const summary = await summarizeRun(checkNameLengths(await input()), config);
      if (summary.ranks) summary.warnings.push(...stallNotes(summary.ranks));
      for (const w of summary.warnings) ctx.warn(w);
      summaries.push(summary);
    } catch (e) {
      ctx.recordError(e);
    } finally {
      task?.add(1);
    }
  }
  task?.end();
  return summaries;
}

/**
 * An experiment or run name is a tag value, a Pushgateway group and a history key: one over the bound
 * would be cut there, and two long names could become one, so it is refused (the other runs go on).
 */
function checkNameLengths(input: RunInput): RunInput {
  for (const [what, name] of [
    ['experiment', input.experiment],
    ['run', input.name],
  ] as const) {
    if (name.length > NAME_LIMITS.tagValue)
      throw new InputError(
        what,
        null,
        `"${name.slice(0, 40)}…" is ${name.length} characters long; ${what} names are at most ${NAME_LIMITS.tagValue}`,
      );
  }
  return input;
}

/** Each run to process, opened lazily; manifest problems are reported and the other runs still go. */
async function resolveInputs(
  options: Options,
  config: Pick<Config, 'rules' | 'summary'>,
  recordError: (e: unknown) => void,
  notices: string[],
  progress: ProgressSink,
): Promise<(() => Promise<RunInput>)[]> {
  const inputs = await csvRunOpeners(options.csv, config, notices, (name) => options.experiment ?? name, progress);
  if (options.metadata) {
    try {
      const manifest = await readManifest(options.metadata, { roots: options.manifestRoot });
      for (const e of manifest.errors) recordError(e);
      for (const r of manifest.runs) {
        const job: JobFiles = r.rankFiles
          ? { job: rankJobOf(r.rankFiles), files: r.rankFiles.map((f) => ({ rank: String(f.rank), file: f.file })) }
          : { job: null, files: [{ rank: '', file: r.file }] };
        // A manifest's config is tags on every sink and in every report: no secret in it (src/secrets/).
        const { fields: tags, hidden } = redactFields(Object.entries(r.config));
        if (hidden.length)
          notices.push(
            `${options.metadata}:${r.line}: config field${hidden.length === 1 ? '' : 's'} named like a secret, sent and reported as ${REDACTED}: ${hidden
              .slice(0, 10)
              .map((n) => JSON.stringify(n.slice(0, 100)))
              .join(', ')}`,
          );
        const who = {
          name: r.name,
          experiment: options.experiment ? `${options.experiment}/${r.name}` : r.name,
          tags: Object.fromEntries(tags),
          fingerprint: r.fingerprint,
          ...(r.durationSeconds === undefined ? {} : { durationSeconds: r.durationSeconds }),
          ...(r.timeRange === undefined ? {} : { timeRange: r.timeRange }),
        };
        inputs.push(() => openRun(job, who, config, progress));
      }
    } catch (e) {
      recordError(e);
    }
  }
  if (!inputs.length && !options.metadata)
    recordError(new InputError('(arguments)', null, 'no input: give --csv FILE or --metadata FILE'));
  return inputs;
}

/** A manifest job's source in messages: the path its ranks' files share (`…/metrics_rank_*.csv`), else rank 0's file and the count. */
function rankJobOf(files: readonly { rank: number; file: string }[]): string {
  const shared = rankOf(files[0]!.file)?.job;
  return shared && files.every((f) => rankOf(f.file)?.job === shared)
    ? shared
    : `${files[0]!.file} (+${files.length - 1} ranks)`;
}

/**
 * The `--csv` runs, opened lazily: each file a run, except that the ranks' files of one job (given one by
 * one, or as the folder they are in) are one run (src/ranks/).
 */
export async function csvRunOpeners(
  paths: readonly string[],
  config: Pick<Config, 'rules' | 'summary'>,
  notices: string[],
  experimentOf: (name: string) => string,
  progress: ProgressSink = SILENT,
): Promise<(() => Promise<RunInput>)[]> {
  const files: string[] = [];
  // Jobs whose files are told apart by their rows' rank, not their names: each in place of its folder.
  const byColumn = new Map<string, JobFiles>();
  for (const path of paths) {
    if (!(await isDirectory(path))) files.push(path);
    else {
      const named = await rankEntriesIn(path);
      const columned = named ? null : await rankColumnFilesIn(path);
      if (columned) byColumn.set(path, { job: join(path, '*'), name: basename(path) || path, files: columned });
      files.push(...(named ?? [path]));
    }
  }
  const jobs = groupRanks(files).map((j) => (j.job === null && byColumn.get(j.files[0]!.file)) || j);
  return uniqueRunNames(jobs, notices).map(
    ([job, name]) =>
      async () =>
        openRun(job, { name, experiment: experimentOf(name), tags: {}, fingerprint: {} }, config, progress),
  );
}

/** One run's input: its file's table, or its ranks' tables merged into the job's. */
export async function openRun(
  job: JobFiles,
  who: Omit<RunInput, 'table'>,
  config: Pick<Config, 'rules' | 'summary'>,
  progress: ProgressSink = SILENT,
): Promise<RunInput> {
  let tables: { rank: string; table: Table }[] = [];
  let source = job.job;
  const warnings: string[] = [];
  if (job.job === null) {
    // One file may hold several ranks' rows, told apart by a rank column.
    const file = job.files[0]!.file;
    const split = await openRankTables(file);
    if (!split) {
      const table = await openTable(file, { progress });
      return { ...who, tags: { ...table.tags, ...who.tags }, table };
    }
    ({ ranks: tables } = split);
    warnings.push(...split.warnings);
    source = file;
  } else for (const { rank, file } of job.files) tables.push({ rank, table: await openTable(file, { progress }) });
  const merged = mergeRankTables(source!, tables, {
    classify: (name) => classify(name, config),
    summary: config.summary,
  });
  // A job of other ranks is another job: its step time and memory are not this one's.
  const fingerprint = { ...who.fingerprint, ranks: String(tables.length) };
  merged.table.warnings.push(...warnings);
  return { ...who, fingerprint, table: merged.table, ranks: merged.ranks };
}

/**
 * Each `--csv` run with its name, unique within the batch: two files that would share a name (two
 * `…/run1/metrics.csv`) would share every series on every sink, so the later ones become `run1-2`, `run1-3`.
 */
export function uniqueRunNames(jobs: JobFiles[], notices: string[]): [JobFiles, string][] {
  const taken = new Set<string>();
  return jobs.map((job) => {
    const what = job.job ?? job.files[0]!.file;
    const base = job.name ?? (job.job ? jobName(job.job) : runNameOf(what));
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    if (name !== base) notices.push(`${what}: another --csv run is already named ${base}; this one is named ${name}`);
    taken.add(name);
    return [job, name];
  });
}

/** A run's name from its file: the folder for the conventional metrics_rank_0.csv, else the file's stem. */
export function runNameOf(file: string): string {
  const stem = basename(file, extname(file));
  return /^metrics(_rank_\d+)?$/.test(stem) ? basename(dirname(file)) || stem : stem;
}
