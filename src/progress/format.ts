/** One task's progress as words: `reading run.tfevents: 24.1 of 50.0 MiB (48 %), 12.3 MiB/s, 2 s left`. */
import type { Unit } from './progress.js';

interface TaskState {
  label: string;
  unit: Unit;
  total: number;
  done: number;
  /** When it began, on the same clock as `now`. */
  started: number;
}

const MIB = 1024 * 1024;

function amount(n: number, unit: Unit): string {
  return unit === 'bytes' ? (n / MIB).toFixed(1) : Math.round(n).toLocaleString('en-US');
}

function rate(perSecond: number, unit: Unit): string {
  return unit === 'bytes'
    ? `${(perSecond / MIB).toFixed(1)} MiB/s`
    : `${Math.round(perSecond).toLocaleString('en-US')} ${unit}/s`;
}

/** Seconds as `42 s` or `3 min 5 s`. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The task's line now; `final` once it ended: what was done, in how long. */
export function describeTask(t: TaskState, now: number, final: boolean): string {
  const seconds = Math.max(0.001, (now - t.started) / 1000);
  const per = t.done / seconds;
  const unit = t.unit === 'bytes' ? ' MiB' : ` ${t.unit}`;
  if (final) return `${t.label}: ${amount(t.done, t.unit)}${unit} in ${duration(seconds)} (${rate(per, t.unit)})`;
  const parts = [`${t.label}: ${amount(t.done, t.unit)} of ${amount(t.total, t.unit)}${unit}`];
  if (t.total > 0) parts[0] += ` (${Math.min(100, Math.floor((100 * t.done) / t.total))} %)`;
  parts.push(rate(per, t.unit));
  if (per > 0 && t.total > t.done) parts.push(`${duration((t.total - t.done) / per)} left`);
  return parts.join(', ');
}
