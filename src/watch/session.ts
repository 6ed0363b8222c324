/**
 * One watched run from start to end: the live /metrics server, the files' tails and state, the loop
 * that follows them, the command in its process group, the GPU poller and live StatsD. `open` checks
 * everything a user can get wrong before the command starts; `follow` runs it and says how it ended.
 */
import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { type Config, loadConfig } from '../config/index.js';
import { InputError } from '../model.js';
import type { Options } from '../options.js';
import { jobName, rankOf } from '../ranks/index.js';
import { runNameOf } from '../stages/read-runs.js';
import type { LiveTrace } from '../sinks/otlp/live-trace.js';
import type { Io } from '../stages/run-context.js';
import { tempDirUntilExit } from '../temp-dir.js';
import { baselineLevels } from './baseline-levels.js';
import { type ChildEnd, WatchedChild } from './child.js';
import { GpuPoller } from './gpu-poller.js';
import { LiveMetrics } from './live-metrics.js';
import { LiveStatsd } from './live-statsd.js';
import { MetricsServer } from './metrics-server.js';
import { type WatchSettings, watchSettings } from './settings.js';
import type { Finding } from './state/finding.js';
import { WatchState } from './state/watch-state.js';
import { ManifestFiles } from './tail/manifest-files.js';
import { isGlob, rankLabel, TailSet } from './tail/tail-set.js';
import { WatchLoop } from './watch-loop.js';

export interface WatchOutcome {
  end: ChildEnd;
  /** Why watch stopped the command; null when it ended by itself. */
  aborted: Finding | null;
  /** The files found and followed, in the order found. */
  files: string[];
  state: WatchState;
  /** nvidia-smi's own table, saved where `--gpu-poll` could ask for it: an environment file of the job (driver, CUDA). */
  gpuIdentity: string | null;
  /** The live trace (with an OTLP endpoint): the job after the command adds its spans to it. */
  trace: LiveTrace | null;
}

export class WatchSession {
  private constructor(
    readonly settings: WatchSettings,
    private readonly options: Options,
    private readonly io: Io,
    private readonly patterns: string[],
    readonly state: WatchState,
    readonly metrics: LiveMetrics,
    readonly server: MetricsServer | null,
    private readonly warmupSteps: number,
    private readonly runName: string,
  ) {}

  static async open(options: Options, command: string[], io: Io): Promise<WatchSession> {
    const settings = watchSettings(options);
    if (!command.length) throw new InputError('arguments', null, 'watch needs the command to run after --');
    const experiment = options.experiment ?? '';
    if (!experiment && !options.metadata)
      throw new InputError(
        'arguments',
        null,
        'watch needs --experiment NAME (the live series and the history are by experiment)',
      );
    const config: Config = await loadConfig(options.config, { gpuPrice: options.gpuPrice });
    const patterns = options.csv;
    if (!patterns.length && !options.metadata)
      throw new InputError('arguments', null, 'watch needs --csv FILE|GLOB or --metadata FILE');
    const levels = options.history ? await baselineLevels(options.history, experiment, (m) => io.warn(m)) : () => null;
    const state = new WatchState(
      {
        rules: config.rules,
        warmupSteps: config.summary.warmupSteps,
        collapseBelow: settings.collapseBelow,
        baselineLevel: levels,
      },
      settings.stallAfterMs,
    );
    const ranked = isRanked(options);
    const run = runLabel(options, patterns);
    const metrics = new LiveMetrics({ experiment: experiment || 'manifest', run }, ranked, state);
    metrics.watchReasons(settings.abortOn);
    const server = settings.listen
      ? await MetricsServer.listen(metrics.registry, settings.listen.host, settings.listen.port)
      : null;
    if (server) io.info(`watch: live metrics on http://${server.address}/metrics`);
    return new WatchSession(settings, options, io, patterns, state, metrics, server, config.summary.warmupSteps, run);
  }

  /** Run the command, follow its files until it ends (or is stopped), and say how it ended. */
  async follow(command: string[]): Promise<WatchOutcome> {
    const { settings, state, io } = this;
    const ranked = isRanked(this.options);
    const manifest = this.options.metadata ? new ManifestFiles(this.options.metadata, this.options.manifestRoot) : null;
    const tails = new TailSet(
      this.patterns,
      (path) => state.addRank(ranked ? rankLabel(path) : ''),
      (m) => io.warn(m),
      manifest,
    );
    const statsd = this.options.statsdHost
      ? new LiveStatsd(this.options, this.options.experiment ?? '', (m) => io.warn(m))
      : null;
    warnLeftovers(this.patterns, io);
    const live = await this.liveTrace();
    const child = new WatchedChild(command[0]!, command.slice(1), live ? this.traceEnvironment(live) : {});
    const abort = new Abort(child, this.metrics, io, settings.graceMs, live);
    const loop = new WatchLoop(tails, state, settings.abortOn, settings.pollMs, {
      afterRead:
        statsd || live
          ? () => {
              if (statsd) void statsd.flush(state);
              live?.observe(state);
            }
          : undefined,
      warn: (m) => io.warn(m),
      abort: (finding) => abort.start(finding),
    });
    const gpu = settings.gpuPollMs
      ? new GpuPoller(
          settings.gpuPollMs,
          (s) => this.metrics.gpu(s),
          (m) => io.warn(m),
        )
      : null;
    loop.start();
    gpu?.start();
    const identity = gpu ? saveIdentity(gpu, (m) => io.warn(m)) : Promise.resolve(null);
    const end = await child.ended;
    if (end.error) io.error(`watch: cannot run ${command[0]}: ${end.error}`);
    await abort.stopping;
    // The command has ended (by itself, by a forwarded signal, by an abort): what it started and left
    // running goes too, within the grace period, so no worker outlives the step or holds its output open.
    if (child.anyAlive()) {
      if (!abort.finding && !child.forwarded)
        io.warn('watch: the command ended and left processes it started running; they are stopped now');
      await child.stop(settings.graceMs);
    }
    await loop.stop();
    live?.observe(state);
    live?.commandEnded();
    gpu?.stop();
    await statsd?.flush(state, true);
    return { end, aborted: abort.finding, files: tails.files(), state, gpuIdentity: await identity, trace: live };
  }

  /** With an OTLP endpoint for traces (and not a dry run), the run's trace, open from the command's start. */
  private async liveTrace(): Promise<LiveTrace | null> {
    const { otlp, dryRun, experiment, github } = this.options;
    if (!otlp?.traces || dryRun) return null;
    const { LiveTrace } = await import('../sinks/otlp/live-trace.js');
    return LiveTrace.open(
      otlp,
      { experiment: experiment ?? 'manifest', run: this.runName, warmupSteps: this.warmupSteps, github },
      (m) => this.io.warn(m),
    );
  }

  /** TRACEPARENT for the command, and the endpoint where only the parameter gave it (never the headers). */
  private traceEnvironment(live: LiveTrace): Record<string, string> {
    const env = live.childEnvironment();
    if (this.options.otlpEndpoint && !process.env.OTEL_EXPORTER_OTLP_ENDPOINT)
      return { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: this.options.otlpEndpoint };
    return env;
  }

  async close(): Promise<void> {
    await this.server?.close();
  }
}

/**
 * nvidia-smi's table in a file of its own (removed when the process exits, temp-dir.ts); null without one. A temporary
 * folder that cannot be written is a warning and no driver from it, never a failed watch: the promise is
 * awaited only when the command ends, so a rejection would go unhandled until then.
 */
export async function saveIdentity(
  gpu: Pick<GpuPoller, 'identity'>,
  warn: (message: string) => void,
): Promise<string | null> {
  const text = await gpu.identity();
  if (!text?.includes('Driver Version')) return null;
  try {
    const file = join(tempDirUntilExit('tmg-nvidia-smi-'), 'nvidia-smi.txt');
    await writeFile(file, text);
    return file;
  } catch (e) {
    warn(
      `watch: nvidia-smi's table could not be saved (${(e as Error).message}); the run's environment has no driver from it`,
    );
    return null;
  }
}

/** Stopping the command for a rule's finding: said, shown on /metrics, and the group signalled. */
class Abort {
  finding: Finding | null = null;
  stopping: Promise<void> | null = null;

  constructor(
    private readonly child: WatchedChild,
    private readonly metrics: LiveMetrics,
    private readonly io: Io,
    private readonly graceMs: number,
    private readonly trace: LiveTrace | null,
  ) {}

  start(finding: Finding): void {
    this.finding = finding;
    this.metrics.aborted(finding.reason);
    this.trace?.stop(finding);
    this.io.warn(`watch: stopping the command: ${finding.reason}: ${finding.detail}`);
    this.stopping = this.child.stop(this.graceMs);
  }
}

/**
 * A file that already holds rows before the command starts is read as part of this run (a job resumed
 * from a checkpoint appends to its log): said, since a log left over from yesterday's run would be too.
 */
function warnLeftovers(patterns: string[], io: Io): void {
  for (const p of patterns) {
    if (isGlob(p)) continue;
    const size = statSync(p, { throwIfNoEntry: false })?.size ?? 0;
    if (size > 0)
      io.warn(`watch: ${p} already holds ${size} bytes before the command starts; they are read as part of this run`);
  }
}

/** Several files (or a glob, or a manifest's runs) are watched: their series carry a `rank` label. */
function isRanked(options: Options): boolean {
  return options.csv.length > 1 || options.csv.some(isGlob) || options.metadata !== null;
}

/**
 * The `run` label: the run's identity where it has one, else the name the job after watch gives the run
 * (the folder of `metrics_rank_*.csv`), never a fragment of a glob.
 */
function runLabel(options: Options, patterns: string[]): string {
  if (options.runId) return options.runId;
  if (options.github.runId) return options.github.runId;
  const first = patterns[0];
  if (!first) return basename(dirname(options.metadata ?? '')) || 'run';
  const job = rankOf(first)?.job ?? (isGlob(first) ? first : null);
  const name = (job ? jobName(job) : runNameOf(first)).replace(/[*?[\]{}]/g, '');
  return name || basename(dirname(first)) || 'run';
}
