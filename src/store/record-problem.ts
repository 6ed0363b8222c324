/**
 * The shape a stored history record must have, checked field by field as every store reads it back (the
 * JSON and git stores' file, PostgreSQL's rows): what is wrong, and where, in words a person can fix.
 */
import { METRIC_KINDS } from '../model.js';

const KINDS = new Set<string>(METRIC_KINDS);

/** A step as the readers keep them: a number within ±(2^53 − 1), where whole steps stay exact. */
const isStep = (v: unknown): v is number => typeof v === 'number' && Math.abs(v) <= Number.MAX_SAFE_INTEGER;
/** A count or a number from 1 (an attempt, a pull request): a whole number JavaScript holds exactly. */
const isCount = (v: unknown, least: number): v is number => Number.isSafeInteger(v) && (v as number) >= least;
const DIRECTIONS = new Set(['higher', 'lower', 'none']);

/** What is wrong with one stored record (the path to the field, and the words), or null. */
export function recordProblem(r: unknown): { path: (string | number)[]; what: string } | null {
  if (typeof r !== 'object' || r === null || Array.isArray(r)) return { path: [], what: 'is not an object' };
  const o = r as Record<string, unknown>;
  for (const key of ['experiment', 'fingerprint', 'run', 'recordedAt', 'ref', 'sha', 'runId']) {
    if (typeof o[key] !== 'string') return { path: [key], what: `"${key}" must be a string` };
  }
  if (o.repository !== undefined && typeof o.repository !== 'string')
    return { path: ['repository'], what: '"repository" must be a string' };
  if (o.attempt !== undefined && !isCount(o.attempt, 1))
    return { path: ['attempt'], what: `"attempt" must be a whole number from 1 to ${Number.MAX_SAFE_INTEGER}` };
  // The pull request a run was recorded on: a run with one never counts in a baseline, so every reader
  // must agree on what is one.
  if (o.pullRequest !== undefined && o.pullRequest !== null && !isCount(o.pullRequest, 1))
    return { path: ['pullRequest'], what: '"pullRequest" must be a pull request number (a whole number from 1)' };
  if (o.quarantined !== undefined) {
    const q = o.quarantined as Record<string, unknown> | null;
    if (typeof q !== 'object' || q === null || typeof q.at !== 'string' || typeof q.reason !== 'string')
      return { path: ['quarantined'], what: '"quarantined" must be {"at": "…", "reason": "…"}' };
  }
  if (o.environment !== undefined) {
    const e = o.environment;
    if (typeof e !== 'object' || e === null || Array.isArray(e))
      return { path: ['environment'], what: '"environment" must be an object of field → text' };
    for (const [field, value] of Object.entries(e as Record<string, unknown>))
      if (typeof value !== 'string')
        return {
          path: ['environment', field],
          what: `environment field ${JSON.stringify(field.slice(0, 100))} must be text, got ${value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value}`,
        };
  }
  for (const key of ['baseline', 'complete']) {
    if (typeof o[key] !== 'boolean') return { path: [key], what: `"${key}" must be true or false` };
  }
  if (!isStep(o.steps))
    return { path: ['steps'], what: `"steps" must be a number within ±${Number.MAX_SAFE_INTEGER} (2^53 − 1)` };
  if (typeof o.metrics !== 'object' || o.metrics === null || Array.isArray(o.metrics))
    return { path: ['metrics'], what: '"metrics" must be an object' };
  for (const [name, m] of Object.entries(o.metrics as Record<string, unknown>)) {
    const path = ['metrics', name];
    if (typeof m !== 'object' || m === null) return { path, what: `metric "${name}" must be an object` };
    const mm = m as Record<string, unknown>;
    if (!KINDS.has(mm.kind as string))
      return { path: [...path, 'kind'], what: `metric "${name}": unknown kind ${JSON.stringify(mm.kind)}` };
    if (!DIRECTIONS.has(mm.direction as string))
      return {
        path: [...path, 'direction'],
        what: `metric "${name}": unknown direction ${JSON.stringify(mm.direction)}`,
      };
    if (typeof mm.unit !== 'string')
      return { path: [...path, 'unit'], what: `metric "${name}": "unit" must be a string` };
    // null stands for a value JSON cannot hold (NaN): a run whose metric never had a finite value.
    for (const key of ['centre', 'spread', 'n', 'nonFinite']) {
      if (!(typeof mm[key] === 'number' || mm[key] === null))
        return { path: [...path, key], what: `metric "${name}": "${key}" must be a number` };
    }
    if (mm.final !== undefined && !(typeof mm.final === 'number' || mm.final === null))
      return { path: [...path, 'final'], what: `metric "${name}": "final" must be a number` };
    if (mm.samples !== undefined) {
      const ok =
        Array.isArray(mm.samples) &&
        mm.samples.every(
          (p) => Array.isArray(p) && p.length === 2 && isStep(p[0]) && (typeof p[1] === 'number' || p[1] === null),
        );
      if (!ok)
        return {
          path: [...path, 'samples'],
          what: `metric "${name}": "samples" must be [step, value] pairs, steps within ±(2^53 − 1)`,
        };
    }
    if (mm.noise !== undefined && !(typeof mm.noise === 'number' || mm.noise === null))
      return { path: [...path, 'noise'], what: `metric "${name}": "noise" must be a number` };
    if (mm.regressed !== undefined && mm.regressed !== true)
      return { path: [...path, 'regressed'], what: `metric "${name}": "regressed" must be true when present` };
    if (mm.curve !== undefined && !isCurve(mm.curve))
      return {
        path: [...path, 'curve'],
        what: `metric "${name}": "curve" must be {every, start, means, counts} with one mean (or null) per count`,
      };
  }
  return null;
}

/**
 * A StepCurve as the stores write it: a power-of-two width up to 2^53, a start and counts that are exact
 * whole numbers, means and counts alike long.
 */
function isCurve(c: unknown): boolean {
  if (typeof c !== 'object' || c === null) return false;
  const { every, start, means, counts } = c as Record<string, unknown>;
  return (
    typeof every === 'number' &&
    every >= 1 &&
    every <= 2 ** 53 &&
    Number.isInteger(Math.log2(every)) &&
    Number.isSafeInteger(start) &&
    Array.isArray(means) &&
    Array.isArray(counts) &&
    means.length === counts.length &&
    means.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v))) &&
    counts.every((n) => isCount(n, 0))
  );
}
