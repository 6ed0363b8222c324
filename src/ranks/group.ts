/**
 * The files of one multi-rank job found among the files given: those whose paths name ranks of the same
 * job (rank-of.ts), two ranks or more, become one job at the place of its first file; every other file
 * stays a run of its own. A folder given as a run whose entries are ranks' files or folders is that job.
 */
import { readdir } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { METRICS_EXT } from '../ingest/index.js';
import { rankOf } from './rank-of.js';

export interface RankFile {
  /** '' for a file that is a run of its own. */
  rank: string;
  file: string;
}

export interface JobFiles {
  /** The path the ranks' files share, with `*` for the rank (`out/metrics_rank_*.csv`); null for one file. */
  job: string | null;
  /** In rank order. */
  files: RankFile[];
  /** The job's run name where its paths do not say it (a folder of files told apart by their rank column). */
  name?: string;
}

export function groupRanks(files: readonly string[]): JobFiles[] {
  const byJob = new Map<string, RankFile[]>();
  const order: (string | RankFile)[] = [];
  for (const file of files) {
    const of = rankOf(file);
    const members = of ? byJob.get(of.job) : undefined;
    if (of && members?.some((m) => m.rank === of.rank || m.file === file)) order.push({ rank: '', file });
    else if (of && members) members.push({ rank: of.rank, file });
    else if (of) {
      byJob.set(of.job, [{ rank: of.rank, file }]);
      order.push(of.job);
    } else order.push({ rank: '', file });
  }
  return order.map((o) => {
    if (typeof o !== 'string') return { job: null, files: [o] };
    const members = byJob.get(o)!;
    if (members.length < 2) return { job: null, files: [{ rank: '', file: members[0]!.file }] };
    return { job: o, files: [...members].sort((a, b) => Number(a.rank) - Number(b.rank)) };
  });
}

/**
 * The ranks' files or folders in `dir` when there are two or more of one job (the job with rank 0, else
 * the first), else null: the folder is then read as it always was.
 */
export async function rankEntriesIn(dir: string): Promise<string[] | null> {
  let entries: { name: string; isDirectory: () => boolean; isFile: () => boolean }[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
  const candidates = entries
    .filter((e) => (e.isFile() && METRICS_EXT.has(extname(e.name).toLowerCase())) || e.isDirectory())
    .map((e) => join(dir, e.name))
    .sort();
  const jobs = groupRanks(candidates).filter((j) => j.job !== null);
  const job = jobs.find((j) => j.files.some((f) => f.rank === '0')) ?? jobs[0];
  return job ? job.files.map((f) => f.file) : null;
}

/**
 * A job's run name: the folder of `metrics_rank_N.csv` files (as for one rank's file), the folder above
 * `rank_N/` folders, else the file name without its rank (`train-rank3.jsonl` → `train`).
 */
export function jobName(job: string): string {
  const file = basename(job);
  if (file.includes('*')) {
    const stem = basename(file, extname(file));
    if (/^metrics[_-]?rank[_-]?\*$/i.test(stem)) return basename(dirname(job)) || stem;
    const bare = stem.replace(/[._-]?rank[_-]?\*/i, '');
    return bare || basename(dirname(job)) || stem;
  }
  // `job/rank_*/metrics.csv` or `job/rank_*`: the job's folder.
  const parts = job.split(/[\\/]/).filter(Boolean);
  const at = parts.findIndex((p) => p.includes('*'));
  return (at > 0 ? parts[at - 1] : undefined) ?? parts[0] ?? 'job';
}
