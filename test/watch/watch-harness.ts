/** What watch's tests share: a stand-in trainer started from a spec, and runWatch with its output kept. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { githubContextFromEnv } from '../../src/options.js';
import { type RawValues, resolveOptions } from '../../src/parameters.js';
import { runWatch } from '../../src/watch/run-watch.js';

export const TRAINER = resolve('test/watch/programs/trainer.mjs');

export interface TrainerSpec {
  out: string;
  header?: string;
  lines?: string[];
  perTick?: number;
  intervalMs?: number;
  linger?: number;
  exitCode?: number;
  pidFile?: string;
  grandchildren?: number;
  /** Grandchildren started in a session of their own (setsid), outside the command's process group. */
  detached?: number;
  ignoreTerm?: boolean;
}

export class Scratch {
  readonly dir = mkdtempSync(join(tmpdir(), 'tmg-watch-'));

  path(name: string): string {
    return join(this.dir, name);
  }

  /** The command that runs the trainer with `spec`. */
  trainer(spec: TrainerSpec, name = 'spec.json'): string[] {
    const file = this.path(name);
    writeFileSync(file, JSON.stringify(spec));
    return [process.execPath, TRAINER, file];
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export interface Watched {
  code: number;
  warnings: string[];
  errors: string[];
  info: string[];
}

/** Flags as the CLI takes them (without the dashes), for watch; small intervals keep tests short. */
export async function watch(raw: RawValues, command: string[]): Promise<Watched> {
  const { out, done } = startWatch(raw, command);
  out.code = await done;
  return out;
}

/** watch started, its output kept as it comes (`out.info` says where /metrics listen). */
export function startWatch(raw: RawValues, command: string[]): { out: Watched; done: Promise<number> } {
  const options = resolveOptions(
    'watch',
    { listen: '127.0.0.1:0', 'tail-poll': '50ms', 'abort-grace': '2s', ...raw },
    githubContextFromEnv({}),
    {},
    'cli',
  );
  const out: Watched = { code: -1, warnings: [], errors: [], info: [] };
  const done = runWatch(options, command, {
    info: (m) => out.info.push(m),
    warn: (m) => out.warnings.push(m),
    error: (m) => out.errors.push(m),
  });
  return { out, done };
}

/** The /metrics URL watch printed, once it has. */
export async function metricsUrl(out: Watched): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const line = out.info.find((m) => m.includes('/metrics'));
    if (line) return /http:\/\/\S+\/metrics/.exec(line)![0];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('watch never said where /metrics listen');
}

/** `n` steps of a healthy power-law loss with ±2 % noise, and a throughput around `tps`. */
export function healthyLines(from: number, to: number, tps = 1000): string[] {
  const lines: string[] = [];
  for (let s = from; s < to; s++) {
    const noise = 1 + 0.02 * Math.sin(s * 12.9898);
    lines.push(
      `${s},${((2 + 8 * (s + 1) ** -0.5) * noise).toFixed(5)},${(tps * (1 + 0.03 * Math.cos(s * 7.1))).toFixed(1)}`,
    );
  }
  return lines;
}
