/**
 * Run dist/index.js the way the GitHub runner does: inputs as INPUT_<NAME> variables (dashes kept,
 * upper case), GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as real files, workflow commands on stdout.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import YAML from 'yaml';

export interface ActionRun {
  code: number;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Parse the runner's GITHUB_OUTPUT file format (name<<DELIMITER … DELIMITER). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (m) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== m[2]; i++) body.push(lines[i]!);
      out[m[1]!] = body.join('\n');
    } else if (lines[i]!.includes('=')) {
      const [k, ...v] = lines[i]!.split('=');
      out[k!] = v.join('=');
    }
  }
  return out;
}

/**
 * The environment the runner gives the action: every input as INPUT_<NAME> (action.yml's default where the
 * workflow gives none), empty GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files and RUNNER_TEMP in `dir`.
 */
export function runnerEnv(inputs: Record<string, string>, dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_OUTPUT: join(dir, 'output'),
    GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
    RUNNER_TEMP: dir,
    GITHUB_ACTIONS: 'true',
  };
  writeFileSync(env.GITHUB_OUTPUT!, '');
  writeFileSync(env.GITHUB_STEP_SUMMARY!, '');
  const declared = YAML.parse(readFileSync('action.yml', 'utf8')).inputs as Record<string, { default?: string }>;
  for (const [k, spec] of Object.entries(declared)) {
    if (spec.default !== undefined && !String(spec.default).includes('${{'))
      env[`INPUT_${k.toUpperCase()}`] = String(spec.default);
  }
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return env;
}

export async function runAction(inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-runner-'));
  const base = runnerEnv(inputs, dir);
  const child = spawn(process.execPath, [resolve('dist/index.js')], {
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  return {
    code,
    stdout,
    outputs: parseOutputFile(readFileSync(base.GITHUB_OUTPUT!, 'utf8')),
    summary: readFileSync(base.GITHUB_STEP_SUMMARY!, 'utf8'),
  };
}
