/**
 * The process's stdout and stderr as the CLI and the action write them. A failed write is never a verdict:
 * a reader that went away (EPIPE: `training-metrics-gate … | head -1`) ends that stream's output and
 * nothing else; any other failure (ENOBUFS, EIO…) is said on the other stream and makes the exit code 2,
 * since the run's account is then incomplete. Without this, the stream's `error` event is an uncaught
 * exception, exit code 1 — which reads as a regression.
 */
import type { Writable } from 'node:stream';

export type StreamName = 'stdout' | 'stderr';

/** A reader that left: harmless, the output simply has no reader any more. */
const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END']);

export class OutputStreams {
  /** The first failure that lost output for another reason than a reader that left; null when none. */
  failure: string | null = null;
  /**
   * The exit code a lost output makes: 2, or 125 under `check --bisect`, where 2 would read as "bad" to
   * `git bisect run` and an incomplete account says nothing about the commit.
   */
  failureCode = 2;
  private readonly closed = new Set<StreamName>();

  constructor(
    private readonly streams: Record<StreamName, Writable> = { stdout: process.stdout, stderr: process.stderr },
  ) {}

  /** Listen for write errors (once per process: the bin and the action call it, tests do not). */
  guard(): this {
    for (const name of ['stdout', 'stderr'] as const) this.streams[name].on('error', (e) => this.failed(name, e));
    return this;
  }

  /** Write `text` to a stream that is still open; a write that throws is handled as its error event would be. */
  write(name: StreamName, text: string): void {
    if (this.closed.has(name)) return;
    try {
      this.streams[name].write(text);
    } catch (e) {
      this.failed(name, e);
    }
  }

  /** `failureCode` when output was lost, else the run's own. */
  exitCode(runCode: number): number {
    return this.failure ? this.failureCode : runCode;
  }

  private failed(name: StreamName, e: unknown): void {
    if (this.closed.has(name)) return;
    this.closed.add(name);
    const code = (e as NodeJS.ErrnoException | null)?.code;
    if (code && READER_GONE.has(code)) return;
    this.failure ??= `cannot write to ${name} (${code ?? (e as Error)?.message ?? String(e)}); the output is incomplete`;
    const other: StreamName = name === 'stdout' ? 'stderr' : 'stdout';
    this.write(other, `error: ${this.failure}\n`);
  }
}
