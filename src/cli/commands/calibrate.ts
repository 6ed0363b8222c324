/**
 * `calibrate (--csv A --csv B … | --history H --experiment E) [--config FILE] [--false-alarm-rate R]`:
 * repeated runs of the same code → the config fragment of calibrated tolerances (src/gate/calibrate/),
 * printed as YAML on stdout. Exit 0, or 2 with one line on bad input.
 */
import { parseArgs } from 'node:util';
import { loadConfig, sectionValue } from '../../config/index.js';
import { calibrateTolerances } from '../../gate/calibrate/calibrate.js';
import { calibrationYaml } from '../../gate/calibrate/fragment.js';
import { historyCalibrationRuns } from '../../gate/calibrate/from-history.js';
import { readCalibrationRuns } from '../../gate/calibrate/from-runs.js';
import { InputError } from '../../model.js';
import { csvRunOpeners } from '../../stages/read-runs.js';
import { HistoryStoreError, openHistory } from '../../store/index.js';
import { SILENT } from '../../progress/index.js';
import type { Io } from '../../run.js';
import { CALIBRATE_FLAGS } from '../help.js';

const USAGE = `usage: training-metrics-gate calibrate ${CALIBRATE_FLAGS}`;

export async function calibrateCommand(
  args: string[],
  io: Io & { print(text: string): void; showProgress?(env: NodeJS.ProcessEnv, quiet: boolean): void },
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  try {
    const flags = calibrateFlags(args);
    io.showProgress?.(env, flags.quiet);
    const progress = flags.quiet ? SILENT : (io.progress ?? SILENT);
    const config = await loadConfig(flags.config);
    const gate = sectionValue(config.gate);
    const rate = flags.rate ?? gate.alpha;
    let input: Parameters<typeof calibrateTolerances>[0];
    if (flags.history) {
      const store = openHistory(flags.history);
      const history = await store.readIfExists();
      if (!history) throw new InputError(store.location, null, 'the history does not exist (no such file or branch)');
      const runs = historyCalibrationRuns(history, flags.experiment!, config, store.location);
      for (const [fingerprint, n] of runs.others)
        io.warn(
          `${n} run(s) on ${fingerprint || 'no fingerprint'} left out: calibrating the latest run's, ${runs.fingerprint || 'no fingerprint'}`,
        );
      input = { ...runs, falseAlarmRate: rate, gate };
    } else {
      // Run names only tell the runs apart here: two files of one name need no warning.
      const opened = await csvRunOpeners(flags.csv, config, [], () => 'calibrate', progress);
      const task = progress.task('runs read', opened.length, 'runs');
      const openers = opened.map((open) => async () => {
        try {
          return await open();
        } finally {
          task.add(1);
        }
      });
      input = { ...(await readCalibrationRuns(openers, config)), falseAlarmRate: rate, gate };
      task.end();
    }
    io.print(calibrationYaml(calibrateTolerances(input)));
    return 0;
  } catch (e) {
    // A store that cannot be reached (a server down, a branch without a remote) is said in one line.
    if (e instanceof InputError) io.error(e.message);
    else if (e instanceof HistoryStoreError) io.error(`calibrate: ${e.message.split('\n')[0]}`);
    else io.error(`calibrate: internal error: ${(e as Error).stack ?? String(e)}`);
    return 2;
  }
}

interface CalibrateFlags {
  csv: string[];
  history: string | null;
  experiment: string | null;
  config: string | null;
  rate: number | null;
  quiet: boolean;
}

function calibrateFlags(args: string[]): CalibrateFlags {
  const bad = (why: string) => new InputError('arguments', null, `${why}\n${USAGE}`);
  let v: Record<string, string | string[] | boolean | undefined>;
  try {
    v = parseArgs({
      args,
      options: {
        csv: { type: 'string', multiple: true },
        history: { type: 'string' },
        experiment: { type: 'string' },
        config: { type: 'string' },
        'false-alarm-rate': { type: 'string' },
        quiet: { type: 'boolean' },
      },
      allowPositionals: false,
      strict: true,
    }).values as typeof v;
  } catch (e) {
    throw bad((e as Error).message.split('\n')[0]!);
  }
  const csv = (v.csv as string[] | undefined) ?? [];
  const history = (v.history as string | undefined) ?? null;
  const experiment = (v.experiment as string | undefined) ?? null;
  if (csv.length > 0 === (history !== null))
    throw bad('give the runs as --csv files or as --history with --experiment');
  if (history !== null && !experiment) throw bad('--history needs --experiment: the history is kept per experiment');
  const text = v['false-alarm-rate'] as string | undefined;
  const rate = text === undefined ? null : Number(text);
  if (rate !== null && !(rate >= 1e-6 && rate <= 0.5))
    throw bad(`--false-alarm-rate is a probability per run from 0.000001 to 0.5 (as gate.alpha), got "${text}"`);
  return { csv, history, experiment, config: (v.config as string | undefined) ?? null, rate, quiet: v.quiet === true };
}
