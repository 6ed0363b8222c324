import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthyLines, Scratch, watch } from './watch-harness.js';
import { SOURCE_CLI } from '../helpers/source-cli.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = new Scratch();
});
afterEach(() => scratch.remove());

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pids still there after up to `ms` (an orphan is reaped by init a moment after it dies). */
async function survivors(pids: number[], ms = 3000): Promise<number[]> {
  const until = Date.now() + ms;
  while (pids.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  return pids.filter(alive);
}

const until = async (test: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("signals reach the command's whole process group", () => {
  it('an abort leaves no grandchild behind, even ones that ignore SIGTERM (SIGKILL after the grace period)', async () => {
    const out = scratch.path('m.csv');
    const pidFile = scratch.path('pids.json');
    const lines = [...healthyLines(1, 40), '40,nan,1000', ...healthyLines(41, 5000)];
    const w = await watch(
      { csv: [out], experiment: 'e', 'abort-grace': '300ms', json: scratch.path('out.json') },
      scratch.trainer({ out, header: 'step,loss,tps', lines, perTick: 2, pidFile, grandchildren: 3, ignoreTerm: true }),
    );
    expect(w.code).toBe(1);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    expect(pids).toHaveLength(4);
    expect(await survivors(pids)).toEqual([]);
    expect(JSON.parse(readFileSync(scratch.path('out.json'), 'utf8')).child.signal).toBe('SIGKILL');
  });

  it('after the command ends by itself, what it left running goes too: its group and setsid daemons', async () => {
    const out = scratch.path('m.csv');
    const pidFile = scratch.path('pids.json');
    const w = await watch(
      { csv: [out], experiment: 'e', 'abort-grace': '300ms' },
      scratch.trainer({
        out,
        header: 'step,loss,tps',
        lines: healthyLines(1, 30),
        pidFile,
        grandchildren: 2,
        detached: 2,
      }),
    );
    expect(w.code).toBe(0);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    expect(pids).toHaveLength(5);
    expect(await survivors(pids)).toEqual([]);
    expect(w.warnings).toContain(
      'watch: the command ended and left processes it started running; they are stopped now',
    );
  });

  it('an abort reaches setsid daemons too, even ones started outside the group', async () => {
    const out = scratch.path('m.csv');
    const pidFile = scratch.path('pids.json');
    const lines = [...healthyLines(1, 40), '40,nan,1000', ...healthyLines(41, 5000)];
    const w = await watch(
      { csv: [out], experiment: 'e', 'abort-grace': '300ms' },
      scratch.trainer({ out, header: 'step,loss,tps', lines, perTick: 2, pidFile, detached: 2 }),
    );
    expect(w.code).toBe(1);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    expect(await survivors(pids)).toEqual([]);
  });

  it('SIGTERM sent to watch is forwarded to the group: the command and its grandchildren end, watch exits 143', async () => {
    const out = scratch.path('m.csv');
    const pidFile = scratch.path('pids.json');
    const command = scratch.trainer({
      out,
      header: 'step,loss,tps',
      lines: healthyLines(1, 100_000),
      perTick: 1,
      intervalMs: 20,
      pidFile,
      grandchildren: 2,
      detached: 1,
    });
    const cli = spawn(
      process.execPath,
      [SOURCE_CLI, 'watch', '--csv', out, '--experiment', 'e', '--listen', 'off', '--', ...command],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    cli.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((r) => cli.on('close', (code) => r(code)));
    await until(() => existsSync(pidFile) && existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 5);
    const pids = JSON.parse(readFileSync(pidFile, 'utf8')) as number[];
    cli.kill('SIGTERM');
    expect(await exited, stderr).toBe(143);
    expect(await survivors(pids)).toEqual([]);
  });
});
