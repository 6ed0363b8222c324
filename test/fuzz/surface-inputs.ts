/**
 * The fuzz inputs of the newer surfaces: `watch` tailing a file rewritten in chunks (truncated,
 * replaced, logged again) beside a FIFO its glob matches; `calibrate` with one of five runs mutated;
 * `check --bisect`, whose only exit codes are 0, 1 and 125, with a mutated run or history; and a
 * mutated manifest recorded into a real PostgreSQL, one case in ten while another session holds the
 * table locked.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type Postgres, postgresBin, startPostgres } from '../helpers/postgres.js';
import {
  DEMO_RUNS,
  EXPERIMENT,
  firstLines,
  fixture,
  type FuzzInput,
  history,
  lines,
  RUN_LINES,
  recordedHistory,
  TODAY,
  writeToday,
} from './inputs.js';

const REWRITER = new URL('./rewriter.mjs', import.meta.url).pathname;

const watch: FuzzInput = {
  name: 'watch',
  syntax: 'csv',
  caseFile: 'run/metrics_rank_0.csv',
  history: false,
  // Each case starts the command and waits for it: slower than a read.
  maxCases: 60,
  prepare: async (workspace) => {
    await mkdir(join(workspace, 'run'), { recursive: true });
    // A FIFO the glob matches: skipped with a warning, never opened.
    execFileSync('mkfifo', [join(workspace, 'run', 'metrics_rank_9.csv')]);
    return Promise.all([
      lines(TODAY, RUN_LINES),
      lines('real/lightning_csvlogger_metrics_ml_aos_version_2_crlf.csv', 120),
      lines('real/megatron_golden_values_gpt3_15b_8t_release_sm_h100.csv', 120),
    ]);
  },
  argv: (workspace, file) => [
    'watch',
    '--csv',
    join(workspace, 'run', 'metrics_rank_*.csv'),
    '--experiment',
    'fuzz',
    '--listen',
    'off',
    '--tail-poll',
    '20ms',
    '--abort-grace',
    '200ms',
    '--',
    process.execPath,
    REWRITER,
    file,
  ],
};

const BASELINE = (i: number) => `demo/baseline/${EXPERIMENT}-0${i}.csv`;

const calibrate: FuzzInput = {
  name: 'calibrate',
  syntax: 'csv',
  caseFile: 'run-1.csv',
  history: false,
  prepare: async (workspace) => {
    for (let i = 2; i <= 5; i++)
      await writeFile(join(workspace, `run-${i}.csv`), firstLines(await fixture(BASELINE(i)), 200));
    return [await lines(BASELINE(1), 200)];
  },
  argv: (workspace, file) => [
    'calibrate',
    '--csv',
    file,
    ...[2, 3, 4, 5].flatMap((i) => ['--csv', join(workspace, `run-${i}.csv`)]),
  ],
};

/** `git bisect run` reads 125 as "skip": anything but a clean verdict must be 125, never 2 ("bad"). */
const BISECT_CODES = [0, 1, 125];

const bisectRun: FuzzInput = {
  name: 'bisect-run',
  syntax: 'csv',
  caseFile: 'today-mutated.csv',
  history: false,
  exitCodes: BISECT_CODES,
  prepare: async (workspace, cli) => {
    await writeToday(workspace);
    await writeFile(join(workspace, 'history.json'), (await recordedHistory(workspace, cli)).text);
    return [await lines(TODAY, RUN_LINES)];
  },
  argv: (workspace, file) => [
    'check',
    '--bisect',
    '--history',
    join(workspace, 'history.json'),
    '--experiment',
    EXPERIMENT,
    '--csv',
    file,
  ],
};

/** The history campaign's cases, judged by `check --bisect` instead of written by `record`. */
const bisectHistory: FuzzInput = {
  ...history,
  name: 'bisect-history',
  exitCodes: BISECT_CODES,
  argv: (workspace, file) => ['check', '--bisect', ...history.argv(workspace, file).slice(1)],
};

/** One PostgreSQL server for the campaign, started by prepare. */
let server: Postgres | null = null;
let database = '';

const postgres: FuzzInput = {
  name: 'postgres',
  syntax: 'json',
  caseFile: 'experiment_metadata.jsonl',
  history: false,
  maxCases: 100,
  prepare: async (workspace) => {
    server = await startPostgres();
    database = await server.newDatabase();
    for (const run of DEMO_RUNS) {
      await mkdir(join(workspace, run), { recursive: true });
      await writeFile(
        join(workspace, run, 'metrics_rank_0.csv'),
        firstLines(await fixture(`demo/${run}/metrics_rank_0.csv`), RUN_LINES),
      );
    }
    return [await lines('demo/experiment_metadata.jsonl', 100)];
  },
  // A lock another session holds ends the write at lock_timeout (here 300 ms), exit 2, never a hang.
  beforeCase: async (index) => {
    if (index % 10 !== 9) return null;
    const holder = new pg.Client({ connectionString: database });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM pg_tables'); // a transaction, whether or not the table exists yet
    await holder.query('LOCK TABLE training_metrics_runs IN ACCESS EXCLUSIVE MODE').catch(() => undefined); // before the first record there is no table to hold
    return async () => {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    };
  },
  teardown: async () => {
    await server?.stop();
    server = null;
  },
  argv: (_, file) => [
    'record',
    '--history',
    `${database}${database.includes('?') ? '&' : '?'}lock_timeout=300`,
    '--metadata',
    file,
  ],
};

/** PostgreSQL's campaign needs Debian's server: absent, it is left out (loudly; never under E2E_REQUIRED). */
export function surfaceInputs(): FuzzInput[] {
  return [watch, calibrate, bisectRun, bisectHistory, ...(postgresBin() ? [postgres] : [])];
}
