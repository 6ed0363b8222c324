/**
 * The parent side of the fuzz runs: cases go to a case-server.ts child (main() in-process, many cases
 * per process), and a few to the real CLI (src/cli.ts in its own process) for what only a process shows:
 * its exit status and what reaches a real stderr. A case past its time bound is a hang: its process is
 * killed, and the next case gets a fresh server.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import type { CaseReply, CaseRequest } from './case-server.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const root = new URL('../../', import.meta.url).pathname;
const SERVER = new URL('./case-server.ts', import.meta.url).pathname;
/** Old space for one case server: a case that needs more is a crash, not a machine out of memory. */
const HEAP_LIMIT_MB = 1024;

export type Outcome =
  | ({ kind: 'done' } & Omit<CaseReply, 'id'>)
  | { kind: 'hang'; ms: number; stderr: string }
  | { kind: 'died'; ms: number; exit: string; stderr: string };

interface Pending {
  id: number;
  started: number;
  settle: (o: Outcome) => void;
  timer: NodeJS.Timeout;
}

/** One case server at a time; a new one is forked when the last was killed or died. */
export class CaseServer {
  private child: ChildProcess | null = null;
  private pending: Pending | null = null;
  private nextId = 1;
  /** The tail of the server's own stderr (node's fatal errors, such as running out of heap). */
  private stderrTail = '';

  /** One case; the heap it reports is collected first when over `gcAbove` bytes (0: always). */
  run(argv: string[], env: NodeJS.ProcessEnv, timeoutMs: number, gcAbove = 0): Promise<Outcome> {
    const child = this.child ?? this.start();
    const req: CaseRequest = { id: this.nextId++, argv, env, gcAbove };
    return new Promise((settle) => {
      const timer = setTimeout(() => this.fail('hang'), timeoutMs);
      this.pending = { id: req.id, started: performance.now(), settle, timer };
      child.send(req);
    });
  }

  /** False before the first case and after a server was killed or died: the next case starts a new one. */
  get running(): boolean {
    return this.child !== null;
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  private start(): ChildProcess {
    this.stderrTail = '';
    const child = fork(SERVER, [], {
      cwd: root,
      execArgv: ['--import', 'tsx', '--expose-gc', `--max-old-space-size=${HEAP_LIMIT_MB}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    child.stderr!.on('data', (d) => {
      this.stderrTail = (this.stderrTail + d).slice(-4000);
    });
    child.on('message', (reply: CaseReply) => this.settle(reply));
    child.on('exit', (code, signal) => {
      // A server killed at a hang has already been replaced; only the current one's death fails a case.
      if (this.child !== child) return;
      this.child = null;
      // Let a reply already sent arrive before calling the case dead.
      setTimeout(() => this.fail('died', `exit ${code ?? signal}`), 200);
    });
    this.child = child;
    return child;
  }

  private settle(reply: CaseReply): void {
    const p = this.pending;
    if (!p || p.id !== reply.id) return;
    clearTimeout(p.timer);
    this.pending = null;
    const { id: _, ...rest } = reply;
    p.settle({ kind: 'done', ...rest });
  }

  private fail(kind: 'hang' | 'died', exit = ''): void {
    const p = this.pending;
    if (!p) return;
    clearTimeout(p.timer);
    this.pending = null;
    const ms = performance.now() - p.started;
    if (kind === 'hang') {
      this.close();
      p.settle({ kind, ms, stderr: this.stderrTail });
    } else p.settle({ kind, ms, exit, stderr: this.stderrTail });
  }
}

export interface ProcessOutcome {
  /** Exit status, or -1 when killed at the time bound or by a signal. */
  code: number;
  signal: string | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The real CLI from the sources, as a user runs it, killed at `timeoutMs`. */
export function runCliProcess(argv: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ProcessOutcome> {
  const started = performance.now();
  const child = spawn(process.execPath, [SOURCE_CLI, ...argv], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '', timedOut: false };
  child.stdout.on('data', (d) => {
    if (out.stdout.length < 8 << 20) out.stdout += d;
  });
  child.stderr.on('data', (d) => {
    if (out.stderr.length < 8 << 20) out.stderr += d;
  });
  const timer = setTimeout(() => {
    out.timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? -1, signal, ...out, ms: performance.now() - started });
    }),
  );
}
