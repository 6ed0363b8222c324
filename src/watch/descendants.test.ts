import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { processesWithCookie, WATCH_COOKIE } from './descendants.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A process with `env`, once it runs (says so on stdout: its environment is its own by then). */
async function sleeper(env: Record<string, string>): Promise<number> {
  const c = spawn(process.execPath, ['-e', "process.stdout.write('up'); setInterval(() => {}, 1000)"], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  children.push(c);
  await once(c.stdout!, 'data');
  return c.pid!;
}

describe.skipIf(process.platform !== 'linux')('processesWithCookie', () => {
  it('finds the processes carrying the cookie as a variable, in a session of their own or not, and no other', async () => {
    const cookie = 'c0ffee-1';
    const carrying = await sleeper({ [WATCH_COOKIE]: cookie, PATH: '/usr/bin' });
    const last = await sleeper({ PATH: '/usr/bin', [WATCH_COOKIE]: cookie });
    await sleeper({ PATH: '/usr/bin' });
    await sleeper({ [WATCH_COOKIE]: 'another-watch' });
    // The cookie's text as the tail of another variable's value is not the variable.
    await sleeper({ OTHER: `x${WATCH_COOKIE}=${cookie}` });
    expect(processesWithCookie(cookie).sort()).toEqual([carrying, last].sort());
  });

  it('finds nothing where there is no /proc', () => {
    expect(processesWithCookie('x', '/nonexistent-proc')).toEqual([]);
  });
});
