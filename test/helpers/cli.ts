/**
 * Run the bundled CLI (dist/cli.js) as a user would, capturing exit code and output; `entry` runs another
 * build of it (SOURCE_CLI: today's source).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd = process.cwd(),
  entry = resolve('dist/cli.js'),
): Promise<CliResult> {
  const child = spawn(process.execPath, [entry, ...args], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((done) => child.on('close', (code) => done({ code: code ?? -1, stdout, stderr })));
}
