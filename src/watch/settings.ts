/** The watch flags as numbers and sets, each checked here so a bad value stops watch before the command starts. */
import { InputError } from '../model.js';
import type { Options } from '../options.js';
import { MAX_TIMER_MS } from '../parameters.js';
import { ABORT_REASONS, type AbortReason } from './state/finding.js';

export interface WatchSettings {
  /** Where /metrics listen; null: not served. */
  listen: { host: string; port: number } | null;
  abortOn: Set<AbortReason>;
  stallAfterMs: number;
  /** Null: the collapse rule is off. */
  collapseBelow: number | null;
  gpuPollMs: number | null;
  graceMs: number;
  pollMs: number;
  recordAborted: boolean;
}

export const DEFAULT_LISTEN = '127.0.0.1:9094';
const DEFAULT_ABORT_ON: AbortReason[] = ['nan', 'divergence', 'stall'];
const DEFAULT_COLLAPSE_BELOW = 0.5;

const bad = (flag: string, why: string) => new InputError('arguments', null, `${flag}: ${why}`);

/** `500ms`, `30s`, `10m`, `2h`, or a plain number of seconds → milliseconds. */
export function parseDuration(flag: string, text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/.exec(text);
  const factor = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m?.[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  const ms = m ? Number(m[1]) * factor : Number.NaN;
  if (!(ms > 0)) throw bad(flag, `expected a duration such as 500ms, 30s, 10m or 2h, got "${text}"`);
  // A longer timer fires at once: 1000h would poll nvidia-smi every millisecond.
  if (ms > MAX_TIMER_MS)
    throw bad(
      flag,
      `"${text}" is longer than the longest a timer can wait (24.8 days); a longer one would fire at once`,
    );
  return ms;
}

function parseListen(text: string): WatchSettings['listen'] {
  if (text.trim() === 'off') return null;
  const m = /^\s*(\[[0-9a-fA-F:.]+\]|[^:\s]+):(\d{1,5})\s*$/.exec(text);
  const port = m ? Number(m[2]) : Number.NaN;
  if (!m || port > 65535) throw bad('listen', `expected HOST:PORT such as 127.0.0.1:9094, or off, got "${text}"`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port };
}

function parseAbortOn(text: string): Set<AbortReason> {
  const words = text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  if (words.length === 1 && words[0] === 'none') return new Set();
  const unknown = words.filter((w) => !ABORT_REASONS.includes(w as AbortReason));
  if (unknown.length || !words.length)
    throw bad('abort-on', `expected a list of ${ABORT_REASONS.join(', ')} (or none), got "${text}"`);
  return new Set(words as AbortReason[]);
}

export function watchSettings(options: Options): WatchSettings {
  const abortOn = options.abortOn === null ? new Set(DEFAULT_ABORT_ON) : parseAbortOn(options.abortOn);
  let collapseBelow: number | null = null;
  if (options.collapseBelow !== null) {
    collapseBelow = Number(options.collapseBelow);
    if (!(collapseBelow > 0 && collapseBelow < 1))
      throw bad('collapse-below', `expected a fraction between 0 and 1 such as 0.5, got "${options.collapseBelow}"`);
    // Giving the fraction asks for the rule.
    if (options.abortOn === null) abortOn.add('collapse');
  } else if (abortOn.has('collapse')) collapseBelow = DEFAULT_COLLAPSE_BELOW;
  return {
    listen: parseListen(options.listen ?? DEFAULT_LISTEN),
    abortOn,
    stallAfterMs: parseDuration('stall-after', options.stallAfter ?? '10m'),
    collapseBelow: abortOn.has('collapse') ? collapseBelow : null,
    gpuPollMs: options.gpuPoll === null ? null : parseDuration('gpu-poll', options.gpuPoll),
    graceMs: parseDuration('abort-grace', options.abortGrace ?? '10s'),
    pollMs: parseDuration('tail-poll', options.tailPoll ?? '250ms'),
    recordAborted: options.recordAborted,
  };
}
