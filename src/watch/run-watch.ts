/**
 * `watch`: run a training command, follow its metrics files live (/metrics, StatsD, the abort rules),
 * and when it has ended run the normal job — emit, gate, report, record — on the final files through
 * run(), as `check` (with a history) or `emit` would. The CLI's `watch` and the action's `command: watch`
 * both call runWatch.
 *
 * Exit code: 1 when watch stopped the command; the command's own code when it failed; otherwise the
 * job's (0 pass, 1 regression, 2 bad input).
 */
import { mkdir } from 'node:fs/promises';
import { replacedLinkWarning, writeFileAtomic } from '../write-file.js';
import { dirname, resolve as resolvePath } from 'node:path';
import type { SecretRegistry } from '../http/redact.js';
import { InputError } from '../model.js';
import type { Options } from '../options.js';
import { resultJson } from '../result-json.js';
import { type Io, run, type ShellFeatures } from '../run.js';
import { exitCodeOf } from './child.js';
import { type WatchOutcome, WatchSession } from './session.js';
import { liveSummary } from './live-summary.js';

export type WatchIo = Io & { secrets?: SecretRegistry };

/** `shell`: what the caller's shell adds to the job after the run, as for run() (the action: job summary, annotations). */
export async function runWatch(
  options: Options,
  command: string[],
  io: WatchIo,
  shell: ShellFeatures = { jobSummary: false },
): Promise<number> {
  let session: WatchSession;
  try {
    // Made before the run, so a bad --json path is found before the command starts.
    if (options.json)
      await mkdir(dirname(resolvePath(options.json)), { recursive: true }).catch(jsonError(options.json));
    session = await WatchSession.open(options, command, io);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    io.error(e.message);
    return 2;
  }
  let outcome: WatchOutcome | null = null;
  try {
    outcome = await session.follow(command);
    return await finish(options, session, outcome, io, outcome.trace ? { ...shell, trace: outcome.trace } : shell);
  } finally {
    // A job that ended before its trace stage (its config unreadable) still ends the run's trace.
    await outcome?.trace?.end(Date.now() + options.sinkTimeout * 1000);
    await session.close();
  }
}

/** The job on the final files, the JSON account, and the exit code. */
async function finish(
  options: Options,
  session: WatchSession,
  outcome: WatchOutcome,
  io: WatchIo,
  shell: ShellFeatures,
): Promise<number> {
  const { aborted, end } = outcome;
  const line = aborted ? `watch stopped the command (${aborted.reason}): ${aborted.detail}` : null;
  const job: Options = {
    ...options,
    // The files found through a glob are the runs; a glob that found none stays, for run() to report.
    csv: outcome.files.length ? outcome.files : options.csv,
    // The driver and CUDA version nvidia-smi told, before the files given (which override it).
    environment: outcome.gpuIdentity ? [outcome.gpuIdentity, ...options.environment] : options.environment,
    record: aborted && !session.settings.recordAborted ? 'never' : options.record,
    notices: line ? [...options.notices, line] : options.notices,
    reportNotes: line ? [...options.reportNotes, line] : options.reportNotes,
  };
  const result = await run(job, io, shell);
  const childCode = exitCodeOf(end);
  const code = aborted ? 1 : childCode !== 0 ? childCode : result.exitCode;
  if (options.json) {
    const account = {
      ...resultJson(result, job),
      exitCode: code,
      aborted: aborted
        ? {
            reason: aborted.reason,
            step: Number.isFinite(aborted.step) ? aborted.step : null,
            value: aborted.value,
            at: aborted.at,
            ...(aborted.metric ? { metric: aborted.metric } : {}),
            ...(aborted.rank ? { rank: aborted.rank } : {}),
            detail: aborted.detail,
          }
        : null,
      child: { exitCode: childCode, signal: end.signal, ...(end.error ? { error: end.error } : {}) },
      live: liveSummary(outcome.state),
    };
    const text = `${JSON.stringify(account, null, 2)}\n`;
    await writeFileAtomic(options.json, io.secrets?.redact(text) ?? text).then(
      ({ replacedLink }) => replacedLink && io.warn(replacedLinkWarning(options.json!)),
      (e: NodeJS.ErrnoException) => io.error(`${options.json}: cannot write the JSON report: ${e.code ?? e.message}`),
    );
  }
  return code;
}

const jsonError =
  (path: string) =>
  (e: NodeJS.ErrnoException): never => {
    throw new InputError(path, null, `cannot write the JSON report: ${e.code ?? e.message}`);
  };
