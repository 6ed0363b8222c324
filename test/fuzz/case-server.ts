/**
 * A child process that runs fuzz cases one after another through the CLI's own entry, main(argv, env),
 * with stdout and stderr captured. It lives in its own process so that a case that never ends can be
 * killed (synchronous work cannot be interrupted in-process) and one that exhausts the heap takes only
 * this process down. Started by case-runner.ts with --expose-gc: a heap over the bound is collected
 * before it is reported, so what counts is what a case left behind, not garbage waiting to be collected.
 */
import { main } from '../../src/cli/main.js';

export interface CaseRequest {
  id: number;
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** Collect garbage before reporting the heap only when more than this is in use (a collection per case costs more than the case). */
  gcAbove: number;
}

export interface CaseReply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** Heap in use once the case ended, in bytes: after a full collection when it was over gcAbove. */
  heapAfterGc: number;
  /** True when the case ended with an uncaught exception, as the real CLI process would. */
  uncaught: boolean;
}

/** Output kept per case: enough to find a stack trace or a workflow command, bounded so a flood cannot. */
const MAX_CAPTURE = 8 << 20;

class Capture {
  stdout = '';
  stderr = '';
  add(stream: 'stdout' | 'stderr', chunk: unknown): boolean {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
    if (this[stream].length < MAX_CAPTURE) this[stream] += text.slice(0, MAX_CAPTURE - this[stream].length);
    return true;
  }
}

const state: { current: CaseRequest | null; capture: Capture; started: number } = {
  current: null,
  capture: new Capture(),
  started: 0,
};

process.stdout.write = ((chunk: unknown) => state.capture.add('stdout', chunk)) as typeof process.stdout.write;
process.stderr.write = ((chunk: unknown) => state.capture.add('stderr', chunk)) as typeof process.stderr.write;

function reply(code: number, uncaught: boolean, then?: () => void): void {
  const req = state.current!;
  const ms = performance.now() - state.started;
  if (process.memoryUsage().heapUsed > req.gcAbove) globalThis.gc?.();
  const out: CaseReply = {
    id: req.id,
    code,
    stdout: state.capture.stdout,
    stderr: state.capture.stderr,
    ms,
    heapAfterGc: process.memoryUsage().heapUsed,
    uncaught,
  };
  state.current = null;
  process.send!(out, () => then?.());
}

/** What node does with an uncaught exception: the stack on stderr and exit 1. This process ends once the reply is sent. */
function crash(e: unknown): void {
  if (!state.current) process.exit(1);
  state.capture.add('stderr', `${(e as Error)?.stack ?? String(e)}\n`);
  reply(1, true, () => process.exit(1));
}
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);

process.on('message', (req: CaseRequest) => {
  state.current = req;
  state.capture = new Capture();
  state.started = performance.now();
  // The same handling as src/cli.ts: a rejection of main() is an internal error, exit 2.
  main(req.argv, req.env).then(
    (code) => reply(code, false),
    (e) => {
      state.capture.add('stderr', `error: internal error: ${(e as Error).stack ?? String(e)}\n`);
      reply(2, false);
    },
  );
});
