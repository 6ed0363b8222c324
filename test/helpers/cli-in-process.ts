/** The CLI's entry, main(argv, env), run in this process from a given folder, with its output captured. */
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

export async function cliIn(
  cwd: string,
  args: string[],
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH },
): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out.push(String(s));
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err.push(String(s));
    return true;
  });
  const before = process.cwd();
  try {
    process.chdir(cwd);
    return { code: await main(args, env), out: out.join(''), err: err.join('') };
  } finally {
    process.chdir(before);
    o.mockRestore();
    e.mockRestore();
  }
}

/** The same, from the current folder. */
export function cliHere(
  args: string[],
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH },
): Promise<{ code: number; out: string; err: string }> {
  return cliIn(process.cwd(), args, env);
}
