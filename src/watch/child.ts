/**
 * The watched command: started in a process group of its own (spawned detached), so that a signal
 * reaches it and everything it started (a launcher's worker processes, a shell script's children).
 * SIGINT and SIGTERM sent to watch are forwarded to the group. Stopping it, after an abort, a forwarded
 * signal or its own end, is SIGTERM to the group and to every process carrying this watch's cookie
 * (descendants.ts: those that left the group), then SIGKILL to what is left after a grace period. Only
 * those are ever signalled.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';
import { newCookie, processesWithCookie, WATCH_COOKIE } from './descendants.js';

export interface ChildEnd {
  /** The exit code, or null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The command could not be started (not found, not executable). */
  error?: string;
}

/**
 * The environment a `run:` step gets: the runner hands the ACTIONS_RUNTIME_* token, the results and cache
 * URLs and the OIDC request pair to node actions only, and with them a training script could write
 * artifacts and cache entries or mint cloud credentials. They are taken out; a user who wants one passes
 * it on under another name. The same for every process watch starts (nvidia-smi too). The OTLP headers
 * go the same way (OTLP_HEADERS below).
 */
export function childEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (
      /^ACTIONS_(RUNTIME_|ID_TOKEN_REQUEST_)/.test(key) ||
      key === 'ACTIONS_RESULTS_URL' ||
      key === 'ACTIONS_CACHE_URL' ||
      OTLP_HEADERS.test(key)
    )
      continue;
    out[key] = value;
  }
  return out;
}

/**
 * The OTLP exporters' headers (an API key for a vendor's endpoint): watch's secrets, not the training's.
 * The command gets TRACEPARENT and the endpoint instead; one that must export with a key is given it under
 * a name of its own.
 */
const OTLP_HEADERS = /^OTEL_EXPORTER_OTLP_(TRACES_|METRICS_|LOGS_)?HEADERS$/;

/** How long to wait between looks at whether the group is gone. */
const GROUP_POLL_MS = 20;

export class WatchedChild {
  readonly ended: Promise<ChildEnd>;
  private readonly proc: ChildProcess;
  private readonly forward = (signal: NodeJS.Signals) => {
    this.forwarded = signal;
    this.signalGroup(signal);
  };
  /** The signal watch forwarded to the group, if any. */
  forwarded: NodeJS.Signals | null = null;

  private readonly cookie = newCookie();

  /** `extra`: what watch adds to the command's environment (TRACEPARENT). */
  constructor(command: string, args: string[], extra: Record<string, string> = {}) {
    const env = { ...childEnvironment(process.env), ...extra, [WATCH_COOKIE]: this.cookie };
    this.proc = spawn(command, args, { detached: true, stdio: 'inherit', env });
    this.ended = new Promise((resolve) => {
      this.proc.once('error', (e) => resolve({ code: null, signal: null, error: e.message }));
      this.proc.once('exit', (code, signal) => resolve({ code, signal }));
    });
    process.on('SIGINT', this.forward);
    process.on('SIGTERM', this.forward);
    void this.ended.then(() => this.unforward());
  }

  get pid(): number | undefined {
    return this.proc.pid;
  }

  /**
   * SIGTERM to the group and to the processes that left it, SIGKILL to what is left after `graceMs`;
   * resolves once all are gone (or a second grace period has passed).
   */
  async stop(graceMs: number): Promise<void> {
    this.signalAll('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (this.anyAlive() && Date.now() < deadline) await sleep(GROUP_POLL_MS);
    if (this.anyAlive()) this.signalAll('SIGKILL');
    while (this.anyAlive() && Date.now() < deadline + graceMs) await sleep(GROUP_POLL_MS);
    await this.ended;
  }

  /** Whether anything the command started is still there: its group, or a process with the cookie. */
  anyAlive(): boolean {
    return this.groupAlive() || processesWithCookie(this.cookie).length > 0;
  }

  private signalAll(signal: NodeJS.Signals): void {
    this.signalGroup(signal);
    for (const pid of processesWithCookie(this.cookie)) {
      try {
        process.kill(pid, signal);
      } catch {
        // gone in between
      }
    }
  }

  /** Whether any process of the group is still there (signal 0 probes without sending anything). */
  groupAlive(): boolean {
    if (this.proc.pid === undefined) return false;
    try {
      process.kill(-this.proc.pid, 0);
      return true;
    } catch {
      return false;
    }
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.proc.pid === undefined) return;
    try {
      process.kill(-this.proc.pid, signal);
    } catch {
      // the group is gone already
    }
  }

  private unforward(): void {
    process.off('SIGINT', this.forward);
    process.off('SIGTERM', this.forward);
  }
}

/** The exit code a shell gives a command: its own, or 128 + the signal's number. */
export function exitCodeOf(end: ChildEnd): number {
  if (end.error) return 127;
  if (end.code !== null) return end.code;
  const n = end.signal ? constants.signals[end.signal] : undefined;
  return n ? 128 + n : 1;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
