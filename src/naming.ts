/**
 * One source of truth for metric names and the tag schema, used by every sink, generator and report.
 */
import type { GitHubContext } from './options.js';
import { plainRecord } from './own-keys.js';

/** Run-level gauges that belong to no column, by every sink (the Datadog API route adds the duration). */
export const RUN_GAUGES = {
  /** Last step of the run. */
  steps: 'run.steps',
  /** 1 when the file ended inside a row (a run still being written), else 0. */
  truncated: 'run.truncated',
  duration: 'run.duration',
  regression: 'gate.regression',
} as const;

/**
 * A trailing unit in a header, as nvidia-smi and spreadsheets write it: `memory.used [MiB]`, `power (W)`:
 * where the suffix starts (the blanks before its bracket included) and the unit in it, trimmed; null
 * without one. What `/\s*[[(]\s*([^\])]*)\s*[\])]\s*$/` matches, found by index instead: that pattern
 * rescans the rest of the name from every bracket, quadratic on a long name of brackets (80 KB of `[{"k":`
 * in a file's first line took seconds).
 */
export function unitSuffix(header: string): { start: number; unit: string } | null {
  if (TASK_LETTER.test(header)) return null;
  let end = header.length;
  while (end > 0 && /\s/.test(header[end - 1]!)) end--;
  const close = end - 1;
  if (close < 0 || (header[close] !== ']' && header[close] !== ')')) return null;
  // The opening bracket is the first after any other closing one: the unit holds no closing bracket.
  const after = Math.max(header.lastIndexOf(']', close - 1), header.lastIndexOf(')', close - 1));
  let open = -1;
  for (let i = after + 1; i < close; i++) {
    if (header[i] === '[' || header[i] === '(') {
      open = i;
      break;
    }
  }
  if (open < 0) return null;
  let start = open;
  while (start > 0 && /\s/.test(header[start - 1]!)) start--;
  return { start, unit: header.slice(open + 1, close).trim() };
}

/**
 * Ultralytics' task letter, a capital in parentheses right after the name (`metrics/mAP50(B)` for boxes,
 * `(M)` for masks, `(P)` for poses): part of the name, not a unit (B is no byte here).
 */
const TASK_LETTER = /[A-Za-z0-9]\([A-Z]\)$/;

/** The unit written in a header's `[unit]` / `(unit)` suffix, or ''. */
export function headerUnit(header: string): string {
  return unitSuffix(header)?.unit ?? '';
}

/**
 * The metric's key in every sink: lower case, the `[unit]` suffix dropped, runs of anything but
 * letters, digits, `_` and `.` turned into one `_`. `lm loss` → `lm_loss`, `memory.used [MiB]` → `memory.used`.
 */
export function metricKey(header: string): string {
  return header
    .slice(0, unitSuffix(header)?.start ?? header.length)
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[_.]+|[_.]+$/g, '');
}

/** StatsD name: `<prefix>.<key>`. */
export function statsdName(prefix: string, header: string): string {
  const key = metricKey(header);
  return prefix ? `${prefix}.${key}` : key;
}

export type BranchType = 'main' | 'pr' | 'release' | 'other';

/** main / pr / release / other, from GITHUB_REF and GITHUB_EVENT_NAME. */
export function branchType(github: Pick<GitHubContext, 'ref' | 'eventName' | 'defaultBranch'>): BranchType {
  if (
    /^pull_request/.test(github.eventName) ||
    github.eventName === 'merge_group' ||
    github.ref.startsWith('refs/pull/')
  ) {
    return 'pr';
  }
  if (/^refs\/tags\//.test(github.ref) || /^refs\/heads\/release(s)?([/_-]|$)/.test(github.ref)) return 'release';
  if (
    github.ref === `refs/heads/${github.defaultBranch}` ||
    github.ref === 'refs/heads/main' ||
    github.ref === 'refs/heads/master'
  ) {
    return 'main';
  }
  return 'other';
}

/** Tag keys: letters, digits, `_`, `-`, `.`, `/`; lower case, as Datadog normalises them. */
export function tagKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_.\-/]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/**
 * Bounds on user names, so no name can blow up a line, a label or the heap (Datadog allows 200 characters
 * for a tag and for a metric name). A tag key beyond its bound is refused (cut, two keys could become one);
 * a tag value is cut, with a warning; a metric name beyond its bound is not sent (see `metricNameTooLong`).
 */
export const NAME_LIMITS = { tagKey: 100, tagValue: 200, metricName: 200 } as const;

/** Tag values: no `,` `|` `#` or white space (they would break a DogStatsD line), at most 200 characters. */
export function tagValue(value: string): string {
  // Cut before the replace, so a huge value costs no more than a short one.
  return value
    .slice(0, NAME_LIMITS.tagValue * 4)
    .trim()
    .replace(/[,|#\s]+/g, '_')
    .slice(0, NAME_LIMITS.tagValue);
}

/** Why a metric name is not sent (too long for Datadog and for a line), or null when it is fine. */
export function metricNameTooLong(name: string): string | null {
  if (name.length <= NAME_LIMITS.metricName) return null;
  return `metric ${name.slice(0, 40)}… (${name.length} characters) not sent: names are at most ${NAME_LIMITS.metricName} characters`;
}

/**
 * Does a tag value look like a unique id? Such values make one series per run and explode a
 * Prometheus index: commit SHAs, UUIDs, numeric run ids, timestamps.
 */
export function looksLikeUniqueId(value: string): boolean {
  const v = value.trim();
  if (/^[0-9a-f]{40}$/i.test(v) || /^[0-9a-f]{64}$/i.test(v)) return true;
  if (/^[0-9a-f]{7,39}$/i.test(v) && /\d/.test(v) && /[a-f]/i.test(v)) return true;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return true;
  if (/^\d{6,}$/.test(v)) return true;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v)) return true;
  return false;
}

/** The tags every metric of a run carries, before user and run tags. */
export function baseTags(experiment: string, github: GitHubContext): Record<string, string> {
  return {
    experiment,
    workflow_name: github.workflow || 'local',
    event: github.eventName || 'local',
    branch_type: branchType(github),
  };
}

/**
 * A run's tags as every sink sends them: its manifest config, then the user's tags, then the schema tags
 * (which win, so a user cannot spoof branch_type), then `extra` (the Datadog route's `run`).
 */
export function runTagSet(
  run: { tags: Record<string, string>; experiment: string },
  userTags: Record<string, string>,
  github: GitHubContext | null | undefined,
  allowIds: boolean,
  extra: Record<string, string> = {},
): TagSet {
  const schema = github ? baseTags(run.experiment, github) : { experiment: run.experiment };
  return buildTags([run.tags, userTags, schema, extra], allowIds);
}

export interface TagSet {
  tags: Record<string, string>;
  /** Tags dropped, with why, for a warning. */
  refused: string[];
}

/**
 * Tag keys the sinks set line by line: the loss point's `step`, the window's `steps`, the device's `gpu`
 * (DCGM's label for the GPU index). A run or user tag of that name (a manifest config's `gpu: H100`) would
 * be overwritten on those lines only, so it is sent as `run_<key>` instead (documented, not warned about:
 * `gpu` is a common manifest key).
 */
const PER_LINE_TAG_KEYS: ReadonlySet<string> = new Set(['step', 'steps', 'gpu']);

/**
 * Merge tag sources (later wins), normalise keys and values, and refuse id-like values unless allowed.
 * The schema keys (experiment, workflow_name, event, branch_type) are never refused.
 */
export function buildTags(sources: Record<string, string>[], allowIds: boolean): TagSet {
  const tags = plainRecord<string>();
  const refused: string[] = [];
  for (const source of sources) {
    for (const [k, v] of Object.entries(source)) {
      if (k.length > NAME_LIMITS.tagKey) {
        refused.push(
          `${k.slice(0, 40)}… is ${k.length} characters long, more than the ${NAME_LIMITS.tagKey} a tag key may have`,
        );
        continue;
      }
      let key = tagKey(k);
      const raw = String(v);
      const value = tagValue(raw);
      if (!key || !value) continue;
      if (raw.trim().length > NAME_LIMITS.tagValue)
        refused.push(`${key}: the value (${raw.length} characters) was cut to its first ${NAME_LIMITS.tagValue}`);
      if (PER_LINE_TAG_KEYS.has(key)) key = `run_${key}`;
      if (!allowIds && !SCHEMA_KEYS.has(key) && looksLikeUniqueId(value)) {
        refused.push(`${key}:${value} looks like a unique id (one series per run); pass allow-id-tags to keep it`);
        delete tags[key];
        continue;
      }
      tags[key] = value;
    }
  }
  // Schema keys first, so every line reads experiment, workflow_name, event, branch_type, then the rest.
  const ordered = plainRecord<string>();
  for (const key of SCHEMA_KEYS) if (Object.hasOwn(tags, key)) ordered[key] = tags[key]!;
  return { tags: Object.assign(ordered, tags), refused };
}

const SCHEMA_KEYS = new Set(['experiment', 'workflow_name', 'event', 'branch_type']);

/** Parse `k:v,k2:v2` as given to --tags / the `tags` input. */
export function parseTagList(text: string): Record<string, string> {
  const out = plainRecord<string>();
  for (const part of text.split(/[,\n]/)) {
    const item = part.trim();
    if (!item) continue;
    const i = item.indexOf(':');
    if (i <= 0) throw new Error(`tag "${item}" is not key:value`);
    out[item.slice(0, i).trim()] = item.slice(i + 1).trim();
  }
  return out;
}

/**
 * `run:<name>` for every run of a batch in which two runs share an experiment (several `--csv` files with
 * one `--experiment`): without it their lines would be one series. Names are unique within the batch; one
 * that looks like a unique id is numbered instead (`run-2`), as the Pushgateway labels it.
 */
export function runTagsWhereShared(
  summaries: readonly { experiment: string; name: string }[],
  allowIds: boolean,
): Record<string, string>[] {
  const experiments = summaries.map((s) => tagValue(s.experiment));
  if (new Set(experiments).size === experiments.length) return summaries.map(() => ({}));
  return summaries.map((s, i) => {
    const name = tagValue(s.name);
    return { run: name && (allowIds || !looksLikeUniqueId(name)) ? name : `run-${i + 1}` };
  });
}
