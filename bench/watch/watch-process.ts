/**
 * One `watch` run as the bench drives it: the bundled CLI (dist/cli.js, or BENCH_WATCH_CLI: a bundle built
 * elsewhere, to compare two versions) wrapping test/helpers/training-child.mjs, with what the bench reads of
 * it from outside — its CPU time and RSS from /proc/<pid>, its live /metrics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

export const CHILD = resolve('test/helpers/training-child.mjs');
export const CLI = resolve(process.env.BENCH_WATCH_CLI ?? 'dist/cli.js');

export interface WatchSpec {
  /** What watch's --csv gets: a file, or a glob over the files of ranks. */
  csv: string;
  /** The child's FILE, when it is not `csv` (`…/metrics_rank_{rank}.csv` with --ranks). */
  childFile?: string;
  port: number;
  /** Extra watch flags (e.g. --abort-on nan). */
  flags?: string[];
  /** The child's own arguments after the CSV path. */
  child: string[];
}

export class WatchProcess {
  readonly process: ChildProcess;
  readonly exited: Promise<number>;
  output = '';
  exitedAt: number | null = null;

  constructor(spec: WatchSpec) {
    const args = [
      CLI,
      'watch',
      '--csv',
      spec.csv,
      '--experiment',
      'bench',
      '--listen',
      `127.0.0.1:${spec.port}`,
      ...(spec.flags ?? []),
      '--',
      process.execPath,
      CHILD,
      spec.childFile ?? spec.csv,
      ...spec.child,
    ];
    this.process = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.process.stdout!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.process.stderr!.on('data', (d: Buffer) => (this.output += d.toString()));
    this.exited = new Promise((done) =>
      this.process.on('close', (code, signal) => {
        this.exitedAt = performance.timeOrigin + performance.now();
        done(code ?? (signal ? 128 : -1));
      }),
    );
  }

  get pid(): number {
    return this.process.pid!;
  }

  /** CPU seconds (user + system) the watch process itself has used so far, children not included. */
  cpuSeconds(): number {
    const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime, stime are fields 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
  }

  rssBytes(): number {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : Number.NaN;
  }

  async metrics(port: number): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    return res.text();
  }

  stop(): void {
    if (this.exitedAt === null) this.process.kill('SIGTERM');
  }
}

/** The value of the first sample of `name` in a Prometheus text exposition, or NaN. */
export function sampleValue(text: string, name: string): number {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : Number.NaN;
}

/** The sum of every sample of `name` (the step gauge of each rank, say); NaN when there is none. */
export function sampleSum(text: string, name: string): number {
  // The ranks' series, not a multi-rank job's own (`rank="job"`), which would count its steps again.
  const values = [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))]
    .filter((m) => !m[0].includes('rank="job"'))
    .map((m) => Number(m[1]));
  return values.length ? values.reduce((a, b) => a + b, 0) : Number.NaN;
}

/** Poll `check` every `everyMs` until it is true; false after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if (await check()) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}
