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

export async function runAction(inputs: Record<string, string>, env: NodeJS.ProcessEnv = {}): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), 'tmg-runner-'));
  const outputFile = join(dir, 'output');
  const summaryFile = join(dir, 'summary.md');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  // The runner passes every input, with action.yml's default where the workflow gives none.
  const declared = YAML.parse(readFileSync('action.yml', 'utf8')).inputs as Record<string, { default?: string }>;
  const inputEnv: NodeJS.ProcessEnv = {};
  for (const [k, spec] of Object.entries(declared)) {
    if (spec.default !== undefined && !String(spec.default).includes('${{')) inputEnv[`INPUT_${k.toUpperCase()}`] = String(spec.default);
  }
  for (const [k, v] of Object.entries(inputs)) inputEnv[`INPUT_${k.toUpperCase()}`] = v;
  const child = spawn(process.execPath, [resolve('dist/index.js')], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: dir,
      GITHUB_ACTIONS: 'true',
      ...inputEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stdout += d));
  const code = await new Promise<number>((r) => child.on('close', (c) => r(c ?? -1)));
  return { code, stdout, outputs: parseOutputFile(readFileSync(outputFile, 'utf8')), summary: readFileSync(summaryFile, 'utf8') };
}
