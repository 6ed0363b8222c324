/**
 * Which recorded fingerprints a run's is the same job as. One job given three ways — `--csv` (no hardware
 * fields), a run directory (`ranks=N` where it holds several ranks), a manifest line (`gpu`, `world_size`
 * and the rest from the line) — must meet the same history, or a nightly job that changed how it passes
 * its files judges nothing for ever.
 *
 * A field one side does not name is unknown there, not different: two fingerprints are the same job when
 * they agree on every field both name. `ranks` is the exception: a job's ranks merged into one run and one
 * rank's file alone are different numbers (docs/gate.md, "Multi-rank jobs"), so it must be named by both
 * or by neither. Where the history's matching fingerprints disagree on a field the run does not name
 * (`gpu=A100` and `gpu=H100` for a run given with `--csv`), the run could be either job: only an exact
 * match is used, and the reason names the fields.
 */
import { fingerprintFields } from '../model.js';

export interface FingerprintMatch {
  /** The fingerprint the run is judged and recorded under: its own, with the fields the history adds. */
  key: string;
  /** The recorded fingerprints it is compared with (its own among them where recorded). */
  keys: string[];
  /** One line where the run meets records of other fields, or cannot tell which job it is; else null. */
  note: string | null;
}

const RANKS = 'ranks';

function sameJob(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.get(RANKS) !== b.get(RANKS)) return false;
  for (const [k, v] of a) if (b.has(k) && b.get(k) !== v) return false;
  return true;
}

function union(fields: Map<string, string>[]): string {
  const out: Record<string, string> = {};
  for (const f of fields) for (const [k, v] of f) out[k] = v;
  return Object.keys(out)
    .sort()
    .map((k) => `${k}=${out[k]}`)
    .join(',');
}

/** `recorded`: the fingerprints this run's experiment was recorded under (in runs that count), any order. */
export function matchFingerprint(own: string, recorded: Iterable<string>): FingerprintMatch {
  const mine = fingerprintFields(own);
  const candidates = [...new Set(recorded)].filter((k) => sameJob(mine, fingerprintFields(k))).sort();
  const exact = candidates.includes(own);
  if (candidates.length === 0 || (exact && candidates.length === 1)) return { key: own, keys: candidates, note: null };
  const fields = candidates.map(fingerprintFields);
  const agree = fields.every((a) => fields.every((b) => sameJob(a, b)));
  if (!agree) {
    const others = candidates.filter((k) => k !== own);
    const unnamed = [...new Set(others.flatMap((k) => [...fingerprintFields(k).keys()]))].filter((k) => !mine.has(k));
    const which = `the history holds this experiment under ${others.length} other fingerprints that differ in ${unnamed.sort().join(', ')}, which this run does not name`;
    return {
      key: own,
      keys: exact ? [own] : [],
      note: exact
        ? `${which}: it is compared with the runs of its own fingerprint only`
        : `${which}: give its files the way they were recorded (--metadata names the hardware), so it is compared with its own job`,
    };
  }
  const key = union([...fields, mine]);
  const others = candidates.filter((k) => k !== own);
  const what = others.map((k) => (k ? `${k}` : 'no fingerprint fields')).join('; ');
  return {
    key,
    keys: candidates,
    note: `compared with runs recorded with ${what} as the same job (this run: ${own || 'no fingerprint fields'}; fields only one side names are unknown there, not different${key !== own ? `; recorded as ${key}` : ''})`,
  };
}
