/**
 * The detached nvidia-smi sampler behind the gpu-monitor action: started by the main step, left running
 * through the job's steps, stopped by the post step. Only the process we started is ever signalled.
 */
import { execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';

export const DEFAULT_QUERY =
  'timestamp,index,uuid,name,driver_version,utilization.gpu,utilization.memory,memory.used,memory.total,power.draw,temperature.gpu,clocks.sm';

export type Probe = { ok: true; gpus: string[] } | { ok: false; missing: boolean; reason: string };

/** Can nvidia-smi answer here? (absent on CPU runners; present but failing where the driver is not loaded) */
export function probeNvidiaSmi(program = 'nvidia-smi', timeoutMs = 15_000): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(program, ['--query-gpu=name', '--format=csv,noheader'], { timeout: timeoutMs }, (err, stdout, stderr) => {
      if (err) {
        const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
        const said = `${stdout}\n${stderr}`.trim().split('\n')[0] ?? '';
        resolve({
          ok: false,
          missing,
          reason: missing ? `${program} not found on PATH` : `${program} failed: ${said || err.message}`,
        });
        return;
      }
      resolve({
        ok: true,
        gpus: stdout
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
      });
    });
  });
}

/**
 * Start `nvidia-smi --query-gpu=<query> --format=csv,nounits -l <interval>` in its own process group,
 * stdout appended to `csvPath`, stderr to `errPath`, not waited for. Resolves with its pid once spawned.
 */
export function startSampler(options: {
  query: string;
  intervalSeconds: number;
  csvPath: string;
  errPath: string;
  program?: string;
}): Promise<number> {
  const out = openSync(options.csvPath, 'a');
  const err = openSync(options.errPath, 'a');
  return new Promise((resolve, reject) => {
    const child = spawn(
      options.program ?? 'nvidia-smi',
      [`--query-gpu=${options.query}`, '--format=csv,nounits', '-l', String(options.intervalSeconds)],
      {
        detached: true,
        stdio: ['ignore', out, err],
      },
    );
    child.once('error', reject);
    child.once('spawn', () => {
      closeSync(out);
      closeSync(err);
      child.unref();
      resolve(child.pid!);
    });
  });
}

/** Is `pid` alive and still our sampler? (A recycled pid belonging to something else counts as gone.) */
export function isSampler(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const cmdline = `/proc/${pid}/cmdline`;
  if (existsSync(cmdline)) {
    try {
      return readFileSync(cmdline, 'utf8').includes('nvidia-smi');
    } catch {
      return false;
    }
  }
  return true;
}

export type StopResult = 'stopped' | 'killed' | 'already-gone';

/** SIGTERM the sampler's process group, wait up to `graceMs` for it to go, then SIGKILL. Never throws. */
export async function stopSampler(pid: number, graceMs = 5_000): Promise<StopResult> {
  if (!isSampler(pid)) return 'already-gone';
  signalGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!alive(pid)) return 'stopped';
    await new Promise((r) => setTimeout(r, 50));
  }
  signalGroup(pid, 'SIGKILL');
  return 'killed';
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal); // the sampler leads its own group: a wrapper script's children go too
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** Whether a process with this pid exists (signal 0 probes without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
