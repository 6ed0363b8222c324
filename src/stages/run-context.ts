/**
 * What every stage of run() shares: the options, the shell it runs in, and how the run speaks. Warnings and
 * user errors are kept in the order they were met; they go into the result as they are.
 */
import { type ProgressSink, SILENT } from '../progress/index.js';
import { type GateResult, InputError, type RunSummary } from '../model.js';
import type { Options } from '../options.js';

/** How the engine talks to its shell: the action maps these to core.info/warning/error, the CLI to stderr. */
export interface Io {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** The process's registered secrets (the action's and the CLI's SecretRegistry): what is stored passes here. */
  secrets?: { redact(text: string): string };
  /** Where long work tells how far it is (stderr); none where absent. */
  progress?: ProgressSink;
}

/** What only the action has: annotations on the job page, and the job summary. */
export interface ShellFeatures {
  annotations?: { error(message: string): void; warning(message: string): void };
  /** Append the report to GITHUB_STEP_SUMMARY. */
  jobSummary: boolean;
  /** watch: the live trace the job's own spans join (src/sinks/otlp/live-trace.ts); absent elsewhere. */
  trace?: JobTrace;
}

/** A trace already open (watch's): the job's spans become its children, and it hears the job's outcome. */
export interface JobTrace {
  /** Add the job's spans (read, check, sinks…) under the open trace and export them within `deadline`. */
  addJob(
    spans: StageSpan[],
    runs: JobTraceRuns,
    deadline: number,
  ): Promise<{ ok: boolean; error?: string; spans: number }>;
}

/** What the job's spans say of its runs. */
export interface JobTraceRuns {
  summaries: RunSummary[];
  gate: GateResult[];
}

/** One step of run() and when it ran (ms since the epoch): the tool's own work in a trace. */
export interface StageSpan {
  name: string;
  start: number;
  end: number;
}

export class RunContext {
  /** User errors met on the way (bad manifest lines, unreadable files); the other runs still went through. */
  readonly errors: string[] = [];
  readonly warnings: string[] = [];
  /** Every sink leaves out the same tags, so each is warned about once, not once per sink and run. */
  private readonly refusedTags = new Set<string>();

  /** Long reading, sending and building tell how far they are here; nothing with --quiet. */
  readonly progress: ProgressSink;

  /** When run() began and each stage ran: the trace's spans of the tool's own work (two numbers a stage). */
  readonly startedAt = Date.now();
  readonly stages: StageSpan[] = [];

  constructor(
    readonly options: Options,
    readonly io: Io,
    readonly shell: ShellFeatures,
  ) {
    this.progress = options.quiet ? SILENT : (io.progress ?? SILENT);
  }

  warn(message: string): void {
    this.warnings.push(message);
    this.io.warn(message);
  }

  /** A tag a sink left out (a unique id). */
  refuseTag(reason: string): void {
    if (this.refusedTags.has(reason)) return;
    this.refusedTags.add(reason);
    this.warn(`tag refused: ${reason}`);
  }

  /** Run one stage, noting when it ran. */
  async timed<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = Date.now();
    try {
      return await work();
    } finally {
      this.stages.push({ name, start, end: Date.now() });
    }
  }

  /** Record a user error (InputError) and go on: the run fails at the end. Anything else is a bug and propagates. */
  recordError(e: unknown): void {
    if (!(e instanceof InputError)) throw e;
    this.errors.push(e.message);
    this.io.error(e.message);
  }
}
