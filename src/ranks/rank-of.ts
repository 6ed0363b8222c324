/**
 * Which rank wrote a file, and which job it belongs to, from its path alone: the number after `rank` in
 * the file's name (`metrics_rank_3.csv`, `log-rank3.jsonl`), else in its folder's (`rank_3/metrics.csv`,
 * `rank3/events.out.tfevents.…`). The job is the path with that number taken out, so the files of one
 * job share it and two jobs' files never do.
 */
import { basename, dirname, extname, join } from 'node:path';

const IN_NAME = /(^|[._-])rank[_-]?(\d+)(?=$|[._-])/i;
const FOLDER = /^rank[_-]?(\d+)$/i;
/** A TensorBoard event file's name differs per file (time, host, pid): its folder is the rank's. */
const EVENTS = /^events\.out\.tfevents\./;

export interface RankOf {
  rank: string;
  /** The path with the rank number as `*`: the same for every file of one job. */
  job: string;
}

export function rankOf(path: string): RankOf | null {
  const file = basename(path);
  const stem = basename(file, extname(file));
  const named = EVENTS.test(file) ? null : IN_NAME.exec(stem);
  if (named) {
    const star = `${stem.slice(0, named.index)}${named[0].replace(/\d+$/, '*')}${stem.slice(named.index + named[0].length)}`;
    return { rank: String(Number(named[2])), job: join(dirname(path), `${star}${extname(file)}`) };
  }
  const folder = basename(dirname(path));
  const inFolder = FOLDER.exec(folder);
  if (inFolder) {
    const star = folder.replace(/\d+$/, '*');
    return {
      rank: String(Number(inFolder[1])),
      job: join(dirname(dirname(path)), star, EVENTS.test(file) ? '' : file),
    };
  }
  const dir = FOLDER.exec(file);
  if (dir) return { rank: String(Number(dir[1])), job: join(dirname(path), file.replace(/\d+$/, '*')) };
  return null;
}
