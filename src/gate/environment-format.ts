/**
 * An environment explanation in words (plain text; a renderer escapes it for its target):
 * `coincides with: torch 2.4.1 → 2.5.0, image sha256:ab12… → sha256:cd34…`, or
 * `environment unchanged (12 fields): look at the code first` (the fields named when they are few:
 * `(3 fields: runner-image, os, arch)`) — or, where a change of environment lies a
 * run or two away, `environment unchanged between these runs, but it changed 1 run before the first bad
 * one (run nightly #41): cuda 12.4 → 12.6`. The fields the tool records itself (image,
 * driver, CUDA, runner) come first, then the rest in name order; at most `max` are named, the others
 * counted. A digest or commit id is shortened to 12 hex digits, a long value to 60 characters.
 */
import type { EnvironmentExplanation, EnvironmentFieldChange } from '../model.js';

/** The fields the tool records itself (runner.ts, nvidia-smi-text.ts), in the order they are named first. */
export const TOOL_FIELDS: readonly string[] = ['image', 'driver', 'cuda', 'runner-image', 'os', 'arch', 'runner'];

export function formatEnvironmentValue(value: string | undefined): string {
  if (value === undefined) return '(none)';
  const short = value.replace(/\b([0-9a-f]{12})[0-9a-f]{4,}\b/g, '$1…');
  const chars = [...short];
  return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : short;
}

/** The tool's own fields first, in TOOL_FIELDS' order, then the rest by name. */
export function environmentFieldOrder(a: string, b: string): number {
  const rank = (f: string) => {
    const i = TOOL_FIELDS.indexOf(f);
    return i < 0 ? TOOL_FIELDS.length : i;
  };
  return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** `torch 2.4.1 → 2.5.0, cuda 12.4 → 12.6` (and `and N more`). */
export function formatEnvironmentChanges(changes: readonly EnvironmentFieldChange[], max = 6): string {
  const ordered = [...changes].sort((a, b) => environmentFieldOrder(a.field, b.field));
  const named = ordered
    .slice(0, max)
    .map((c) => `${c.field} ${formatEnvironmentValue(c.from)} → ${formatEnvironmentValue(c.to)}`);
  const more = ordered.length - named.length;
  return `${named.join(', ')}${more > 0 ? `, and ${more} more field${more === 1 ? '' : 's'}` : ''}`;
}

/** The sentence the report, `history changes` and the site show. */
export function formatEnvironmentExplanation(e: EnvironmentExplanation, max = 6): string {
  if (e.changes.length === 0 && e.near) {
    const n = Math.abs(e.near.offset);
    const where = `${n} run${n === 1 ? '' : 's'} ${e.near.offset < 0 ? 'before' : 'after'} the first bad one`;
    const id = /^\d+$/.test(e.near.run.runId) ? ` #${e.near.run.runId}` : '';
    return `environment unchanged between these runs, but it changed ${where} (run ${e.near.run.run}${id}): ${formatEnvironmentChanges(e.near.changes, max)}`;
  }
  if (e.changes.length === 0) {
    const names = e.named?.length ? `: ${[...e.named].sort(environmentFieldOrder).join(', ')}` : '';
    return `environment unchanged (${e.fields} field${e.fields === 1 ? '' : 's'}${names}): look at the code first`;
  }
  return `coincides with: ${formatEnvironmentChanges(e.changes, max)}`;
}
