/**
 * Metrics CSVs whose step column holds numbers no writer makes but a corrupt file can hold
 * (`99999999999999999999999`, `1e309`, `inf`, 2^53): the size of the two mutated files that once ran past
 * two minutes (48 KB: one run; 147 KB: three runs' rows, one after another). Each is read by a real
 * process, and what it did is counted: every row with an exact step read once, every other one skipped
 * and named. The deadline only stops a process that would otherwise never end; it is not what is tested.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_CLI } from '../helpers/source-cli.js';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const BAD_STEPS = ['99999999999999999999999', '1e309', 'inf', '9007199254740992', '-1e400'];

/** Rows of a demo run with the step of some replaced; the steps kept, in order, beside the file's text. */
function mutated(lines: string[], every: number, offset: number): { text: string; kept: number; bad: number } {
  const [header, ...rows] = lines;
  let kept = 0;
  let bad = 0;
  const out = rows.map((row, i) => {
    // The first row too: a bad first step is the one that set where a run's steps begin.
    if (i % every !== offset && i !== 0) {
      kept++;
      return row;
    }
    bad++;
    return `${BAD_STEPS[((i / every) % BAD_STEPS.length) | 0]}${row.slice(row.indexOf(','))}`;
  });
  return { text: `${[header, ...out].join('\n')}\n`, kept, bad };
}

function runUntil(
  args: string[],
  deadlineMs: number,
): Promise<{ code: number | null; killed: boolean; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [SOURCE_CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (b) => (stderr += b));
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, deadlineMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, killed, stderr });
    });
  });
}

describe('steps that are not exact whole numbers', () => {
  it('a 48 KB and a 147 KB run with steps past 2^53, 1e309 and inf: read to the end, those rows skipped and named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-unsafe-steps-'));
    dirs.push(dir);
    const demo = (await readFile('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv', 'utf8')).trimEnd().split('\n');
    const base = (i: number) => `fixtures/demo/baseline/gpt3-1.3b-tp1-0${i}.csv`;
    const three = [demo];
    for (const i of [1, 2]) three.push((await readFile(base(i), 'utf8')).trimEnd().split('\n').slice(1));
    const cases = [
      { name: 'run-48k.csv', ...mutated(demo, 37, 5) },
      // Three runs' rows one after another: each later run's steps go back (restarts) as well.
      { name: 'run-147k.csv', ...mutated(three.flat(), 11, 3) },
    ];
    for (const c of cases) {
      const path = join(dir, c.name);
      await writeFile(path, c.text);
      expect(Buffer.byteLength(c.text)).toBeGreaterThan(c.name.includes('147') ? 140_000 : 45_000);
      const json = join(dir, `${c.name}.json`);
      const r = await runUntil(['emit', '--dry-run', '--csv', path, '--json', json], 300_000);
      expect(r.killed, 'still running at the deadline').toBe(false);
      expect(r.code, r.stderr).toBe(0);
      const account = JSON.parse(await readFile(json, 'utf8')) as {
        runs: { steps: { count: number }; warnings: string[] }[];
      };
      const [run] = account.runs;
      const skipped = run!.warnings.find((w) => w.includes('beyond ±9007199254740991'));
      // The first row's bad step is named by its line (2), and every bad row is counted.
      expect(skipped).toMatch(/^\d+ rows with a step beyond .* skipped \(first at line 2: 1e\+23\)$/);
      const notNumeric = run!.warnings.find((w) => w.includes('without a numeric step'));
      const count = (w: string | undefined) => Number(w?.match(/^(\d+) rows?/)?.[1] ?? 0);
      expect(count(skipped) + count(notNumeric)).toBe(c.bad);
      // The work done: the one-run file's rows with an exact step, each once (the three-run file's
      // restarts replace earlier rows, so it keeps at most as many).
      if (c.name === 'run-48k.csv') expect(run!.steps.count).toBe(c.kept);
      else expect(run!.steps.count).toBeLessThanOrEqual(c.kept);
      expect(run!.steps.count).toBeGreaterThan(0);
    }
  }, 600_000);

  it('a run whose every step is past 2^53 (a corrupt step counter): refused in one line naming line 2, exit 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tmg-unsafe-steps-'));
    dirs.push(dir);
    const [header, ...rows] = (await readFile('fixtures/demo/gpt3-1.3b-tp1/metrics_rank_0.csv', 'utf8'))
      .trimEnd()
      .split('\n');
    // Steps 1e23 apart: a first value at a step past 2^53 once hung the step curve (its bucket's end
    // rounded to its own step). One step on every row would be no step column at all.
    for (const [name, step] of [['apart.csv', (i: number) => `${i + 1}00000000000000000000000`]] as const) {
      const path = join(dir, name);
      await writeFile(path, `${[header, ...rows.map((r, i) => step(i) + r.slice(r.indexOf(',')))].join('\n')}\n`);
      const r = await runUntil(['emit', '--dry-run', '--csv', path], 300_000);
      expect(r.killed, 'still running at the deadline').toBe(false);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(
        `error: ${path}: no complete data rows (${rows.length} rows with a step beyond ±9007199254740991 (2^53 − 1, past which steps are no longer exact) skipped (first at line 2: 1e+23))`,
      );
    }
  }, 600_000);
});
