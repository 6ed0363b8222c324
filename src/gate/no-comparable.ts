/**
 * Why a run has no comparable history, in words: the nearest runs of its experiment and the fingerprint
 * fields that differ ("6 runs of this experiment on gpu=A100; this run is gpu=H100"), or, for an
 * experiment the history has never seen, which experiments it holds (a typo shows at once).
 */
import { closest, distance as editDistance } from 'fastest-levenshtein';
import { fingerprintFields as fields, type HistoryRecord } from '../model.js';

/**
 * The experiment a typo most likely meant: the nearest name by edit distance, when it is near enough to be
 * a slip (a third of the name's length at most, and at least one edit allowed), else null.
 */
export function didYouMean(name: string, names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const best = closest(name, [...names]);
  return editDistance(name, best) <= Math.max(1, Math.floor(name.length / 3)) ? best : null;
}

function differing(mine: Map<string, string>, theirs: Map<string, string>): { mine: string[]; theirs: string[] } {
  const keys = [...new Set([...mine.keys(), ...theirs.keys()])].sort().filter((k) => mine.get(k) !== theirs.get(k));
  const show = (f: Map<string, string>, k: string) => (f.has(k) ? `${k}=${f.get(k)}` : `${k} unset`);
  return { mine: keys.map((k) => show(mine, k)), theirs: keys.map((k) => show(theirs, k)) };
}

export function noComparableReason(history: readonly HistoryRecord[], experiment: string, fingerprint: string): string {
  const same = history.filter((r) => r.experiment === experiment);
  if (!same.length) {
    const names = [...new Set(history.map((r) => r.experiment))];
    if (!names.length) return 'no comparable runs yet: the history is empty';
    const shown = names.slice(0, 5).map((n) => JSON.stringify(n));
    const near = didYouMean(experiment, names);
    const guess = near ? `; did you mean ${JSON.stringify(near)}?` : '';
    return `no comparable runs: no run of experiment ${JSON.stringify(experiment)} in the history${guess} (it holds ${names.length} experiment${names.length === 1 ? '' : 's'}: ${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''})`;
  }
  const mine = fields(fingerprint);
  const groups = new Map<string, number>();
  for (const r of same) groups.set(r.fingerprint, (groups.get(r.fingerprint) ?? 0) + 1);
  // Nearest: fewest differing fields, then most runs.
  const [nearest, count] = [...groups].sort(
    (a, b) => differing(mine, fields(a[0])).mine.length - differing(mine, fields(b[0])).mine.length || b[1] - a[1],
  )[0]!;
  const d = differing(mine, fields(nearest));
  return `no comparable runs: ${count} run${count === 1 ? '' : 's'} of this experiment on ${d.theirs.join(', ')}; this run is ${d.mine.join(', ')}`;
}
