/**
 * History at fleet size: `check` and `record` end to end (the bundled CLI, dist/cli.js, as a user runs it)
 * against a PostgreSQL history of 1,000 experiments × 100 runs, and the same history on the git store
 * (its size and check time, at several numbers of experiments, to see how it grows).
 *
 *   npm run bundle && npm run bench:history -- [--experiments 1000] [--runs 100] [--repeat 7] [--out bench/history/RESULTS.md]
 *     [--compare path/to/other/cli.js]   time another build too, alternating run by run (a before/after under one load)
 *     [--git-experiments 100,300,1000 | --git-experiments none]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { HistoryRecord } from '../../src/model.js';
import { openHistory, serializeHistory } from '../../src/store/index.js';
import { INSERT_RUN, rowValues } from '../../src/store/postgres-rows.js';
import { startPostgres } from '../../test/helpers/postgres.js';
import { experimentName, syntheticRecords, templateRecord } from './synthetic-history.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1]!);
const EXPERIMENTS = Number(args.get('experiments') ?? 1000);
const RUNS = Number(args.get('runs') ?? 100);
const REPEAT = Number(args.get('repeat') ?? 7);
const GIT_SIZES =
  args.get('git-experiments') === 'none' ? [] : (args.get('git-experiments') ?? '100,300,1000').split(',').map(Number);
const OUT = args.get('out') ?? 'bench/history/RESULTS.md';
const CLI = resolve('dist/cli.js');
const COMPARE = args.has('compare') ? resolve(args.get('compare')!) : null;
const CSV = resolve('fixtures/demo/baseline/gpt3-1.3b-tp1-01.csv');
const TARGET = experimentName(Math.floor(EXPERIMENTS / 2));

interface Timing {
  median: number;
  min: number;
  max: number;
}

/** Wall time of a CLI process, start to exit, in ms; fails loudly on an unexpected exit code. */
function timeCli(argv: (i: number) => string[], cwd: string, ok: number[] = [0, 1]): Timing {
  return timeClis([CLI], argv, cwd, ok)[0]!;
}

/** The same for each build in `clis`, alternating run by run, so each meets the same load. */
function timeClis(clis: string[], argv: (i: number, cli: number) => string[], cwd: string, ok = [0, 1]): Timing[] {
  const times: number[][] = clis.map(() => []);
  for (let i = 0; i < REPEAT; i++) {
    clis.forEach((cli, k) => {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [cli, ...argv(i, k)], {
        cwd,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        maxBuffer: 64 * 1024 * 1024,
      });
      times[k]!.push(performance.now() - t0);
      if (!ok.includes(r.status ?? -1)) throw new Error(`${argv(i, k).join(' ')} exited ${r.status}: ${r.stderr}`);
    });
  }
  return times.map((t) => {
    t.sort((a, b) => a - b);
    return { median: t[Math.floor(t.length / 2)]!, min: t[0]!, max: t[t.length - 1]! };
  });
}

async function fillPostgres(url: string, records: Iterable<HistoryRecord>): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = performance.now();
  let batch: HistoryRecord[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const values = batch.map((_, i) => `(${Array.from({ length: 9 }, (_, k) => `$${i * 9 + k + 1}`).join(', ')})`);
    const sql = `${INSERT_RUN.replace(/VALUES \(.*\)$/s, `VALUES ${values.join(', ')}`)}`;
    await c.query(sql, batch.flatMap(rowValues));
    batch = [];
  };
  for (const r of records) {
    batch.push(r);
    if (batch.length === 500) await flush();
  }
  await flush();
  await c.query('ANALYZE training_metrics_runs');
  await c.end();
  return performance.now() - t0;
}

async function benchPostgres(template: HistoryRecord): Promise<string[]> {
  const server = await startPostgres({ fsync: true });
  try {
    const url = await server.newDatabase();
    // The schema as the tool creates it, then the bulk of the history inserted directly.
    await openHistory(url).append([{ ...template, experiment: 'warm-up', runId: 'w' }], RUNS);
    const fillMs = await fillPostgres(url, syntheticRecords(template, EXPERIMENTS, RUNS));
    const cwd = mkdtempSync(join(tmpdir(), 'tmg-bench-pg-'));
    const clis = COMPARE ? [CLI, COMPARE] : [CLI];
    const checks = timeClis(
      clis,
      () => ['check', '--record', 'never', '--history', url, '--experiment', TARGET, '--csv', CSV],
      cwd,
    );
    const [check, checkOther] = [checks[0]!, checks[1]];
    // Right after, the same check against a JSON file of one experiment: the CLI's own cost on this machine now.
    const reference = baselineCost(template);
    const records = timeClis(
      clis,
      (i, k) => [
        'record',
        '--history',
        url,
        '--history-max',
        String(RUNS),
        '--experiment',
        TARGET,
        '--csv',
        CSV,
        '--run-id',
        `bench-${k}-${i}`,
      ],
      cwd,
    );
    const [record, recordOther] = [records[0]!, records[1]];
    const store = await storeOnly(url, template);
    const size = await sizeOf(url);
    const total = (await openHistory(url).read({ experiments: [TARGET] })).runs.length;
    return [
      `PostgreSQL ${pgVersion()}: ${(EXPERIMENTS * RUNS).toLocaleString('en-US')} records (${EXPERIMENTS} experiments × ${RUNS} runs), ${size}; filled in ${(fillMs / 1000).toFixed(1)} s (bulk insert, not through the CLI).`,
      '',
      '| command (dist/cli.js, one process each) | median | min | max | target |',
      '|---|---:|---:|---:|---:|',
      `| \`check\` one experiment (${RUNS} comparable runs) | ${ms(check.median)} | ${ms(check.min)} | ${ms(check.max)} | ≤ 1 s |`,
      `| \`record\` one run (upsert + trim to ${RUNS}) | ${ms(record.median)} | ${ms(record.min)} | ${ms(record.max)} | ≤ 200 ms |`,
      ...(checkOther && recordOther
        ? [
            `| \`check\`, ${COMPARE} | ${ms(checkOther.median)} | ${ms(checkOther.min)} | ${ms(checkOther.max)} | |`,
            `| \`record\`, ${COMPARE} | ${ms(recordOther.median)} | ${ms(recordOther.min)} | ${ms(recordOther.max)} | |`,
          ]
        : []),
      '',
      `After the records, ${TARGET} holds ${total} runs (trimmed to history-max ${RUNS} in the same transaction).`,
      '',
      ...reference,
      '',
      `The store alone, in one process (connection, authentication and query; median of ${REPEAT}): \`read({ experiments })\` ${ms(store.read.median)}, \`append\` of one run ${ms(store.append.median)}, \`read()\` of the whole history ${ms(store.all.median)}.`,
    ];
  } finally {
    await server.stop();
  }
}

function pgVersion(): string {
  try {
    return execFileSync('sh', ['-c', 'ls /usr/lib/postgresql | sort -n | tail -1'], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

async function timeAsync(work: (i: number) => Promise<unknown>): Promise<Timing> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now();
    await work(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times[times.length - 1]! };
}

/** What the store itself costs, without the CLI around it: each operation on a store of its own, connecting. */
async function storeOnly(url: string, template: HistoryRecord) {
  const once = async <T>(work: (store: ReturnType<typeof openHistory>) => Promise<T>) => {
    const store = openHistory(url);
    try {
      return await work(store);
    } finally {
      await store.close();
    }
  };
  const read = await timeAsync(() => once((s) => s.read({ experiments: [TARGET] })));
  const append = await timeAsync((i) =>
    once((s) =>
      s.append([{ ...template, experiment: TARGET, runId: `in-process-${i}`, repository: 'fleet/models' }], RUNS),
    ),
  );
  const all = await timeAsync(() => once((s) => s.read()));
  return { read, append, all };
}

async function sizeOf(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ s: string }>(`SELECT pg_size_pretty(pg_total_relation_size('training_metrics_runs')) AS s`);
  await c.end();
  return `${r.rows[0]!.s} on disk with indexes`;
}

/** A checkout whose origin has the history on its data branch, written by git plumbing. */
function gitWithHistory(template: HistoryRecord, experiments: number): { cwd: string; bytes: number } {
  const root = mkdtempSync(join(tmpdir(), 'tmg-bench-git-'));
  const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const remote = join(root, 'remote.git');
  const clone = join(root, 'clone');
  git(root, 'init', '--quiet', '--bare', '-b', 'main', remote);
  const file = join(root, 'history.json');
  writeFileSync(file, serializeHistory({ format: 1, runs: [...syntheticRecords(template, experiments, RUNS)] }));
  const blob = git(remote, 'hash-object', '-w', file).trim();
  const tree = execFileSync('git', ['mktree'], {
    cwd: remote,
    input: `100644 blob ${blob}\ttraining-metrics-history.json\n`,
    encoding: 'utf8',
  }).trim();
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'b',
    GIT_AUTHOR_EMAIL: 'b@b',
    GIT_COMMITTER_NAME: 'b',
    GIT_COMMITTER_EMAIL: 'b@b',
  };
  const commit = execFileSync('git', ['commit-tree', tree, '-m', 'history'], {
    cwd: remote,
    env,
    encoding: 'utf8',
  }).trim();
  git(remote, 'update-ref', 'refs/heads/metrics-history', commit);
  git(root, 'clone', '--quiet', remote, clone);
  return { cwd: clone, bytes: statSync(file).size };
}

function benchGit(template: HistoryRecord): string[] {
  const perRecord: number[] = [];
  const perRecordMin: number[] = [];
  const rows: string[] = [
    '| experiments × runs | records | history file | `check` median | min | max | per 1,000 records |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const experiments of GIT_SIZES) {
    const { cwd, bytes } = gitWithHistory(template, experiments);
    const t = timeCli(
      () => ['check', '--record', 'never', '--history', 'git:metrics-history', '--experiment', TARGET, '--csv', CSV],
      cwd,
    );
    const records = experiments * RUNS;
    rows.push(
      `| ${experiments} × ${RUNS} | ${records.toLocaleString('en-US')} | ${(bytes / 2 ** 20).toFixed(1)} MiB | ${ms(t.median)} | ${ms(t.min)} | ${ms(t.max)} | ${ms((t.median / records) * 1000)} |`,
    );
    console.error(rows[rows.length - 1]);
    perRecord.push(t.median / records);
    perRecordMin.push(t.min / records);
  }
  // Worse than linear would show as a cost per record that grows with the history.
  const growth = (a: number[]) => (a[a.length - 1]! / a[0]!).toFixed(2);
  rows.push(
    '',
    `Check time per 1,000 records, largest history against the smallest: ×${growth(perRecord)} by medians, ×${growth(perRecordMin)} by the fastest runs (×1 is linear; sharding per experiment pays when it grows well above that).`,
  );
  return rows;
}

/** The part of every CLI run that is not the history: the process start and a JSON history of one experiment. */
function baselineCost(template: HistoryRecord): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-bench-json-'));
  const path = join(dir, 'h.json');
  writeFileSync(path, serializeHistory({ format: 1, runs: [...syntheticRecords(template, 1, RUNS)] }));
  const help = timeCli(() => ['--version'], dir);
  const check = timeCli(
    () => ['check', '--record', 'never', '--history', path, '--experiment', experimentName(0), '--csv', CSV],
    dir,
  );
  return [
    `For scale, on the same machine: \`--version\` (process start, bundle loaded) ${ms(help.median)}; \`check\` against a JSON file of one experiment × ${RUNS} runs ${ms(check.median)}.`,
  ];
}

const ms = (v: number) => `${Math.round(v)} ms`;
const NOTES = '## Reading the figures';

async function main(): Promise<void> {
  const t0 = performance.now();
  const template = templateRecord(CLI, CSV);
  const pgRows = await benchPostgres(template);
  console.error(pgRows.join('\n'));
  const gitRows = GIT_SIZES.length ? benchGit(template) : ['(not run)'];
  const text = [
    '# History store benchmark',
    '',
    `\`npm run bundle && npm run bench:history\` (${REPEAT} runs of each command, ${Math.round((performance.now() - t0) / 1000)} s in all). Every figure is the wall time of one CLI process (dist/cli.js), start to exit, on a 2-core machine shared with other work: medians are the figure to read.`,
    '',
    '## PostgreSQL',
    '',
    ...pgRows,
    '',
    '## Git data branch, the same history',
    '',
    ...gitRows,
    '',
  ].join('\n');
  // The hand-written reading of the figures, below its heading, survives a rerun.
  const notes = existsSync(OUT) ? readFileSync(OUT, 'utf8').split(NOTES)[1] : undefined;
  writeFileSync(OUT, notes === undefined ? text : `${text}\n${NOTES}${notes}`);
  console.log(text);
}

await main();
